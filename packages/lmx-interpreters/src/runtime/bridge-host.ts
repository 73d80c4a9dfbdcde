import type { MessagePort } from 'node:worker_threads';
import { findNonFiniteNumber } from '../core/convert.js';
import type { ScriptLimits } from '../core/limits.js';
import type { BridgeName } from '../ports/bridge-name.js';
import { BRIDGE_METHODS, BridgeError, type ScriptBridges } from '../ports/script-bridges.js';
import type { BridgeReply, BridgeRequest } from './protocol.js';

/**
 * The host's side of one run's bridge calls: checks the bridge and method against
 * {@link BRIDGE_METHODS}, counts calls against the limit, passes the run's deadline and an
 * abort signal, answers over the port and wakes the worker. `close()` aborts pending work.
 *
 * @example
 * ```ts
 * const host = serveBridges({ port, signal, bridges, limits, deadline });
 * // … when the run ends:
 * host.close();
 * ```
 */
export function serveBridges(options: {
  port: MessagePort;
  signal: SharedArrayBuffer;
  bridges: ScriptBridges;
  limits: ScriptLimits;
  deadline: number;
}): { close(): void } {
  const { port, bridges, limits, deadline } = options;
  const flag = new Int32Array(options.signal);
  const abort = new AbortController();
  let calls = 0;
  const reply = (message: BridgeReply): void => {
    if (abort.signal.aborted) return;
    port.postMessage(message);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  };
  port.on('message', (request: BridgeRequest) => {
    const { call, bridge, method } = request;
    if (++calls > limits.bridgeCalls) {
      reply({
        call,
        ok: false,
        code: 'E_LIMIT_CALLS',
        message: `the run made more than ${limits.bridgeCalls} bridge calls`,
      });
      return;
    }
    const target = Object.hasOwn(bridges, bridge) ? bridges[bridge as BridgeName] : undefined;
    const allowed =
      Object.hasOwn(BRIDGE_METHODS, bridge) && BRIDGE_METHODS[bridge as BridgeName].includes(method);
    const fn = target && allowed ? (target as unknown as Record<string, unknown>)[method] : undefined;
    if (typeof fn !== 'function') {
      reply({
        call,
        ok: false,
        code: 'E_BRIDGE_MISSING',
        message: `the "${bridge}" bridge has no "${method}" here`,
      });
      return;
    }
    const timer = setTimeout(() => abort.abort(), Math.max(0, deadline - Date.now()));
    Promise.resolve()
      .then(() =>
        (fn as (args: unknown, options: unknown) => unknown).call(target, request.args, {
          signal: abort.signal,
          deadline,
        }),
      )
      .then(
        (value) => {
          // JSON would turn Infinity into null: refuse it instead, naming where it is.
          const where = findNonFiniteNumber(value);
          if (where !== undefined) {
            reply({
              call,
              ok: false,
              code: 'E_BRIDGE_FAILED',
              message: `the "${bridge}" bridge answered a number that is not finite at ${where}`,
            });
            return;
          }
          reply({ call, ok: true, value: toPlainJson(value) });
        },
        (error: unknown) =>
          reply({
            call,
            ok: false,
            code: error instanceof BridgeError ? error.code : 'E_BRIDGE_FAILED',
            message: error instanceof BridgeError ? error.message : `the "${bridge}" bridge failed`,
          }),
      )
      .finally(() => clearTimeout(timer));
  });
  return {
    close() {
      abort.abort();
      port.close();
    },
  };
}

/** Bridge answers cross as JSON text, so no host object (or prototype) reaches the worker. */
function toPlainJson(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return null;
  }
}
