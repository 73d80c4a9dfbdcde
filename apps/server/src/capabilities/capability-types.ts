import type { RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorPayload } from '../errors/error-payload.js';

/** A JSON Schema (draft-07, the dialect of the server's Ajv). */
export type JsonSchema = Record<string, unknown>;

/** Where a capability comes from (design/capabilities.md, "Planes"). */
export type Plane = 'adapter' | 'function' | 'automation' | 'integration' | 'mcp' | 'capability';

/** Who may use a capability and what one use costs; every surface applies the same policy. */
export interface CapabilityPolicy {
  /** `anyone`: anonymous callers too; `account`: a signed-in caller (401 otherwise). */
  access: 'anyone' | 'account';
  /** A permission the caller's roles must grant (403 `GATE_FORBIDDEN`), e.g. `run_adapter`. */
  permission?: string;
  /** A role the caller must hold (admins pass every role check). */
  role?: string;
  /** A membership feature the caller needs (403 `GATE_MEMBERSHIP_REQUIRED`); admins bypass. */
  membership?: string;
  /** The meter target charged where the surface charges: `tool:<system>.<fn>`. */
  meter?: string;
  /** Uses per window per client address (`client`) or per user, falling back to the address (`user`). */
  rateLimit?: { max: number; windowMs: number; per: 'client' | 'user' };
  /** Uses one user (anonymous callers: one client address) may have in flight at once, whatever the surface. */
  concurrency?: { perUser: number };
  /** Changes nothing: the install bridge may only reach read-only capabilities. */
  readOnly?: boolean;
  /** Needs admin and the host flag. */
  host?: boolean;
}

/**
 * The surface a call arrives through; it decides whether the meter is charged
 * (`SURFACE_METERING`, and the table in docs/gate/metering.md): `area-route` is an area's own
 * route for the same operation, `open-area-route` one the seed opens to anonymous callers,
 * `lmx` the `adapter()` builtin, `lmai` a model call of `lmai`.
 */
export type CapabilitySurface =
  | 'adapter-route'
  | 'mcp'
  | 'area-route'
  | 'open-area-route'
  | 'lma'
  | 'lmx'
  | 'lmai'
  | 'function-call'
  | 'automation'
  | 'internal';

/** One progress event of a long-running capability (a dream stage done, say). */
export interface CapabilityTraceEvent {
  type: string;
  message?: string;
  [key: string]: unknown;
}

/** What `run` gets besides its arguments: never the Fastify instance. */
export interface CapabilityContext {
  /** The caller; null for anonymous callers of `access: 'anyone'` capabilities. */
  user: RequestUser | null;
  surface: CapabilitySurface;
  /** Aborts when the caller goes away, cancels, or the deadline passes. */
  signal: AbortSignal;
  /** When the call times out (epoch milliseconds). */
  deadline: number;
  log: FastifyBaseLogger;
  /** Progress sink: MCP turns events into progress notifications, a stream route into events. */
  trace(event: CapabilityTraceEvent): void;
}

/** An embedded resource of an MCP result: text (an HTML print) or a base64 blob (a PDF). */
export type McpEmbeddedResource =
  | { uri: string; mimeType: string; text: string }
  | { uri: string; mimeType: string; blob: string };

/** Who would serve a capability here (`PROVIDERS FOR` in `lmi`, `TRACE` in `lma`). */
export interface CapabilityProvider {
  /** The provider's name, e.g. `openai`, `stub`, `svc`. */
  provider: string;
  /** What it is: `openai-compatible`, `anthropic`, `echo-stub`, `built-in`, … */
  kind: string;
  /** Configured and usable here now. */
  available: boolean;
  models?: string[];
  /** Why it is not available, or what it stands in for. */
  note?: string;
}

/** Where a delegate's calls go: the capability it invokes (a pattern like `integrations.<integration>` when chosen per call) and the meter target that call is charged. */
export interface CapabilityDelegation {
  target: string;
  meter?: string;
}

/**
 * One thing this install can do, defined once: every surface (adapter route, MCP, area routes,
 * function-calling listings) is derived from it.
 */
export interface Capability<Args = Record<string, unknown>, Result = unknown> {
  /** `<system>.<fn>`, e.g. `activity-pages.generatePage`. */
  id: string;
  plane: Plane;
  /** One line, for listings. */
  title: string;
  /** What a model or a person needs to pick it. */
  description: string;
  /** The one argument schema (`type: 'object'`). */
  input: JsonSchema;
  output?: JsonSchema;
  policy: CapabilityPolicy;
  /** The MCP tool name where the seed fixes one; otherwise the id. */
  mcpName?: string;
  /** Longest a use may take; 120 s when absent. */
  timeoutMs?: number;
  /**
   * How MCP packages the result when it carries a file: the JSON `value` (text block) and
   * embedded resources. Absent: the whole result as JSON text.
   */
  toMcpContent?(result: Result, args: Args): { value: unknown; resources: McpEmbeddedResource[] };
  /**
   * The providers that would serve it here, in preference order (vendor-neutral capabilities).
   * Absent: the install itself serves it. A run reports the one that served a call with a
   * trace event `{ type: 'provider', provider }`.
   */
  providers?(): CapabilityProvider[];
  /**
   * Set on a thin delegate (a stored function's `action:` executor, an automation action): `run`
   * invokes `target` for the same caller on the same surface, and that call is charged `meter`
   * (the target's), so the delegate carries no meter of its own. `DESCRIBE` prices it from here.
   */
  delegate?: CapabilityDelegation;
  run(args: Args, context: CapabilityContext): Promise<Result>;
}

/** The one error payload (`ErrorPayload`) every surface turns into its own form. */
export type CapabilityErrorPayload = ErrorPayload;

/**
 * Types a capability by its arguments and result. The cast is sound because `invoke` validates
 * the arguments against `input` before `run` sees them: keep the two in step.
 *
 * @example
 * const echo = defineCapability<{ text: string }, { text: string }>({
 *   id: 'demo.echo', plane: 'adapter', title: 'Echo', description: 'Echoes text.',
 *   input: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
 *   policy: { access: 'anyone' },
 *   run: async ({ text }) => ({ text }),
 * });
 */
export function defineCapability<Args, Result>(capability: Capability<Args, Result>): Capability {
  return capability as unknown as Capability;
}
