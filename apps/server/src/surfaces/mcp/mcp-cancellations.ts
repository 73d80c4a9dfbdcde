import { createHash } from 'node:crypto';
import type { Broadcast } from '../../broadcast/broadcast.js';

/** Tool calls in flight on this process, so a cancel arriving in another HTTP request finds them. */
export interface McpCancellations {
  /** Tracks a call of `caller` with JSON-RPC id `requestId`; the signal aborts on a matching cancel. */
  track(
    caller: string,
    requestId: string | number,
    signal: AbortSignal,
  ): { signal: AbortSignal; done(): void };
  /** Aborts `caller`'s call `requestId`, here or (over the broadcast) on another instance. */
  cancel(caller: string, requestId: string | number, reason?: unknown): void;
  /** Stops listening to other instances' cancels. */
  close(): void;
}

/** The broadcast channel of MCP cancels. */
export const MCP_CANCEL_CHANNEL = 'mcp.cancel';

/** Where a cancel that could not be broadcast is reported. */
interface CancellationLog {
  warn(object: Record<string, unknown>, message: string): void;
}

const cancelledByClient = (): Error => new Error('Cancelled by the client');

/**
 * The stateless endpoint builds a fresh server per HTTP request, so a 2025-era client's
 * `notifications/cancelled` (a POST of its own) never reaches the server running the call. This
 * shared map does: calls are keyed by the caller's credential and the JSON-RPC id, so nobody
 * cancels another caller's work. (2026-07-28 clients cancel by closing the request, which aborts
 * the call's own signal.)
 *
 * Behind a load balancer the cancel may land on another instance than the call: with a shared
 * `broadcast`, each cancel is also sent on `mcp.cancel` as `{ caller, requestId }`, where
 * `caller` is the SHA-256 of the caller key (user id and session or key id, or the client
 * address) — the instance running a call of that caller with that id aborts it, exactly as a
 * local cancel would. The client's free-text reason stays on the instance that received it.
 *
 * @example
 * const tracked = cancellations.track(callerKey, context.mcpReq.id, context.mcpReq.signal);
 * try { await run(tracked.signal); } finally { tracked.done(); }
 */
export function createMcpCancellations(
  shared: { broadcast: Broadcast; log: CancellationLog } | undefined = undefined,
): McpCancellations {
  const inFlight = new Map<string, AbortController>();
  const hashOf = (caller: string): string => createHash('sha256').update(caller).digest('hex');
  const keyOf = (callerHash: string, requestId: string | number): string =>
    `${callerHash}|${typeof requestId}:${requestId}`;
  const unsubscribe = shared?.broadcast.subscribe(MCP_CANCEL_CHANNEL, (message) => {
    const { caller, requestId } = message;
    if (typeof caller !== 'string' || (typeof requestId !== 'string' && typeof requestId !== 'number'))
      return;
    inFlight.get(keyOf(caller, requestId))?.abort(cancelledByClient());
  });
  return {
    track(caller, requestId, signal) {
      const key = keyOf(hashOf(caller), requestId);
      const controller = new AbortController();
      const forward = (): void => controller.abort(signal.reason);
      if (signal.aborted) forward();
      else signal.addEventListener('abort', forward, { once: true });
      inFlight.set(key, controller);
      return {
        signal: controller.signal,
        done() {
          signal.removeEventListener('abort', forward);
          if (inFlight.get(key) === controller) inFlight.delete(key);
        },
      };
    },
    cancel(caller, requestId, reason) {
      const callerHash = hashOf(caller);
      const local = inFlight.get(keyOf(callerHash, requestId));
      if (local) {
        local.abort(reason ?? cancelledByClient());
        return;
      }
      shared?.broadcast
        .publish(MCP_CANCEL_CHANNEL, { caller: callerHash, requestId })
        .catch((error: unknown) => {
          shared.log.warn({ err: error }, 'mcp cancel not broadcast; a call on another instance runs on');
        });
    },
    close() {
      unsubscribe?.();
    },
  };
}
