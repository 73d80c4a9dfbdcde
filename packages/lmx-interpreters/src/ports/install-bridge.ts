import type { BridgeCallOptions } from './bridge-call-options.js';
import type { JsonValue } from './json-value.js';

/**
 * Read-only questions about the install, for `lmi`. `can` is three-state and answers
 * `unknown` (never `yes`) when no entitlement engine is wired.
 *
 * @example
 * ```ts
 * const install: InstallBridge = { describe, can: async () => 'unknown', providers, list };
 * ```
 */
export interface InstallBridge {
  describe(request: Record<string, never>, options: BridgeCallOptions): Promise<JsonValue>;
  can(request: { capability: string }, options: BridgeCallOptions): Promise<'yes' | 'no' | 'unknown'>;
  providers(request: { capability: string }, options: BridgeCallOptions): Promise<JsonValue>;
  list(
    request: { collection: string; where?: JsonValue; limit?: number },
    options: BridgeCallOptions,
  ): Promise<JsonValue>;
}
