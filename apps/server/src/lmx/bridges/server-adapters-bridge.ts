import type { RequestUser } from '@svc/gate';
import { type AdaptersBridge, BridgeError, type JsonValue } from '@svc/lmx-interpreters';
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';

/**
 * The `adapters` bridge of one `lmx` run, for one user: `adapter("system.fn", {args})` is one
 * `registry.invoke` on the `lmx` surface, which is unmetered (seed rule 2) but keeps every
 * other check (policy, arguments, rate and concurrency limits) and reaches only capabilities
 * priced at 0: a priced one ends the run with `E_FORBIDDEN` pointing to `lma`, which charges
 * it. Any other refusal reaches the script as `E_BRIDGE_FAILED` with the registry's code and
 * message.
 *
 * @example
 * const adapters = createServerAdaptersBridge({ registry, user });
 */
export function createServerAdaptersBridge(deps: {
  registry: CapabilityRegistry;
  user: RequestUser;
}): AdaptersBridge {
  return {
    async call({ name, args }, options) {
      const outcome = await deps.registry.invoke(String(name), args ?? {}, {
        user: deps.user,
        surface: 'lmx',
        signal: options.signal,
      });
      if (!outcome.ok) {
        const { code, message } = outcome.error;
        throw new BridgeError(
          `${code}: ${message}`,
          code === 'CAP_PRICED' ? 'E_FORBIDDEN' : 'E_BRIDGE_FAILED',
        );
      }
      return JSON.parse(JSON.stringify(outcome.result ?? null)) as JsonValue;
    },
  };
}
