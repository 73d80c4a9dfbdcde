import type { RequestUser } from '@svc/gate';

/** A JSON Schema (the dialect of the server's Ajv: draft-07 with Fastify's options). */
export type JsonSchema = Record<string, unknown>;

/** What an adapter function is called with besides its arguments. */
export interface AdapterContext {
  /** The authenticated caller (the route has checked `run_adapter`). */
  user: RequestUser;
  /** Aborts when the caller goes away before the answer is sent; long-running functions honour it. */
  signal?: AbortSignal;
}

/**
 * One callable function of an adapter. `run` receives arguments already validated against
 * `argsSchema`; it throws an AdapterError (or a GateError) for expected failures.
 */
export interface AdapterFunction<Args = Record<string, unknown>> {
  description: string;
  /** JSON Schema of the arguments object (`type: 'object'`). */
  argsSchema: JsonSchema;
  run(args: Args, context: AdapterContext): Promise<unknown>;
}

/** An external system (or toolkit) and the functions it offers. */
export interface AdapterDefinition {
  /** Lower-case name used in the URL: `/api/adapters/{system}/{fn}`. */
  system: string;
  description: string;
  functions: Record<string, AdapterFunction>;
}

/** A system as listed by `GET /api/adapters`. */
export interface AdapterSummary {
  system: string;
  description: string;
  functions: { name: string; description: string; argsSchema: JsonSchema }[];
}

/**
 * Types an adapter function by its arguments. The cast is sound because the route validates
 * the arguments against `argsSchema` before `run` sees them: keep the two in step.
 *
 * @example
 * const echo = defineAdapterFunction<{ text: string }>({
 *   description: 'Echoes text.',
 *   argsSchema: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
 *   run: async ({ text }) => ({ text }),
 * });
 */
export function defineAdapterFunction<Args>(definition: AdapterFunction<Args>): AdapterFunction {
  return definition as unknown as AdapterFunction;
}
