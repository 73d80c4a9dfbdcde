import type { BridgeCallOptions } from './bridge-call-options.js';
import type { JsonValue } from './json-value.js';

/**
 * The tools of the install, for `lma`: planes, discovery, descriptions and calls (charged
 * through the meter by the host). Created per request for the requesting user.
 *
 * @example
 * ```ts
 * const tools: ToolsBridge = { planes, discover, describe, use };
 * ```
 */
export interface ToolsBridge {
  planes(request: Record<string, never>, options: BridgeCallOptions): Promise<JsonValue>;
  discover(request: { query: string }, options: BridgeCallOptions): Promise<JsonValue>;
  describe(request: { name: string }, options: BridgeCallOptions): Promise<JsonValue>;
  use(request: { name: string; args: JsonValue }, options: BridgeCallOptions): Promise<JsonValue>;
}
