import type { BridgeCallOptions } from './bridge-call-options.js';
import type { JsonValue } from './json-value.js';

/**
 * Reaches the platform's adapters from `lmx`'s `adapter("system.fn", {args})`. Created per
 * request for the requesting user and never cached across users; lives in the host, the
 * script reaches it by message passing. Unmetered.
 *
 * @example
 * ```ts
 * const adapters: AdaptersBridge = { call: async ({ name, args }) => registry.invoke(name, args) };
 * ```
 */
export interface AdaptersBridge {
  /** Calls one adapter function; the answer must be JSON data. */
  call(request: { name: string; args: JsonValue }, options: BridgeCallOptions): Promise<JsonValue>;
}
