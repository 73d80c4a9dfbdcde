import { expectString } from '../../core/builtins/arguments.js';
import type { BuiltinRegistry } from '../../core/builtins/builtin-registry.js';
import { createBuiltinRegistry, defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { CORE_BUILTINS } from '../../core/builtins/core-builtins.js';
import { fromJson, toJson } from '../../core/convert.js';

/**
 * `adapter("system.fn", {args})`: one call through the host's `adapters` bridge (unmetered).
 * Without the bridge it refuses with `E_BRIDGE_MISSING` naming `adapters`.
 */
const adapter = defineBuiltin('adapter', [1, 2], ([name, args], context) => {
  const target = expectString(name, 'adapter');
  const answer = context.callBridge('adapters', 'call', { name: target, args: toJson(args ?? null) });
  return fromJson(answer);
});

/** The builtins of lmx: the shared ones plus `adapter`. */
export const LMX_BUILTINS: BuiltinRegistry = createBuiltinRegistry(CORE_BUILTINS, [adapter]);
