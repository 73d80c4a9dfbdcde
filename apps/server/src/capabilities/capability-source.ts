import type { RequestUser } from '@svc/gate';
import type { Capability } from './capability-types.js';

/**
 * Capabilities the registry resolves per caller rather than at start: a user's stored
 * function-calls (`functions.<name>`), their webhooks (`integrations.<name>`), the tools of
 * remote MCP servers (`mcp.<server>.<tool>`). Each source owns the ids under its `prefix`;
 * the registry asks it only for those, and applies the same policy, validation, limits and
 * meter to what it answers as to registered capabilities.
 *
 * @example
 * registry.addSource({ prefix: 'functions.', list: async (user) => readFunctionsOf(user) });
 */
export interface CapabilitySource {
  /** The id prefix this source owns, ending with a dot, e.g. `functions.`. */
  prefix: string;
  /**
   * True when its capabilities' input schemas come from outside the install (a user's stored
   * function, a remote server's tool): the registry checks their arguments on the schema thread
   * (`UserSchemas`: linear-time patterns, deadlines). Otherwise the schemas are the install's own
   * and compile once on the main thread, cached.
   */
  outsideSchemas?: boolean;
  /** What the source offers `user` now; the registry filters by policy. */
  list(user: RequestUser | null): Promise<Capability[]>;
  /**
   * The capability `id` (under `prefix`) for `user`; undefined when it has none. May throw a
   * `CapabilityError` saying why a known id is unavailable (a remote server that is down).
   * Without it, the registry looks the id up in `list`.
   */
  resolve?(id: string, user: RequestUser | null): Promise<Capability | undefined>;
}
