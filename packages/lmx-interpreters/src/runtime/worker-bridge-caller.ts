import { type MessagePort, receiveMessageOnPort } from 'node:worker_threads';
import type { BridgeCaller } from '../core/run-context.js';
import { ScriptFault } from '../errors.js';
import type { BridgeName } from '../ports/bridge-name.js';
import type { BridgeReply } from './protocol.js';

/**
 * The worker's side of bridge calls: posts the request to the host and blocks on a shared
 * flag until the host answers (or the run's deadline passes), so evaluation stays
 * synchronous. Only JSON data crosses.
 *
 * @example
 * ```ts
 * const caller = createWorkerBridgeCaller({ port, signal, bridges: ['adapters'], deadline });
 * ```
 */
export function createWorkerBridgeCaller(options: {
  port: MessagePort;
  signal: SharedArrayBuffer;
  bridges: readonly BridgeName[];
  deadline: number;
}): BridgeCaller {
  const flag = new Int32Array(options.signal);
  let calls = 0;
  return {
    available: new Set(options.bridges),
    call(bridge, method, args) {
      const call = ++calls;
      Atomics.store(flag, 0, 0);
      options.port.postMessage({ call, bridge, method, args });
      for (;;) {
        const remaining = options.deadline - Date.now();
        if (remaining <= 0)
          throw new ScriptFault(
            'E_LIMIT_TIME',
            `the "${bridge}" bridge did not answer within the run's time`,
          );
        if (Atomics.wait(flag, 0, 0, remaining) === 'timed-out') continue;
        const received = receiveMessageOnPort(options.port);
        if (!received) {
          // Woken before the answer is readable: nap a millisecond and look again.
          Atomics.wait(flag, 0, 1, 1);
          continue;
        }
        const reply = received.message as BridgeReply;
        if (reply.call !== call) continue;
        if (reply.ok) return reply.value;
        throw new ScriptFault(reply.code, reply.message);
      }
    },
  };
}
