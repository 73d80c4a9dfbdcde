/** Tool calls in flight on this process, so a cancel arriving in another HTTP request finds them. */
export interface McpCancellations {
  /** Tracks a call of `caller` with JSON-RPC id `requestId`; the signal aborts on a matching cancel. */
  track(
    caller: string,
    requestId: string | number,
    signal: AbortSignal,
  ): { signal: AbortSignal; done(): void };
  /** Aborts `caller`'s call `requestId`, if it is in flight. */
  cancel(caller: string, requestId: string | number, reason?: unknown): void;
}

/**
 * The stateless endpoint builds a fresh server per HTTP request, so a 2025-era client's
 * `notifications/cancelled` (a POST of its own) never reaches the server running the call. This
 * shared map does: calls are keyed by the caller's credential and the JSON-RPC id, so nobody
 * cancels another caller's work. (2026-07-28 clients cancel by closing the request, which aborts
 * the call's own signal.)
 *
 * @example
 * const tracked = cancellations.track(callerKey, context.mcpReq.id, context.mcpReq.signal);
 * try { await run(tracked.signal); } finally { tracked.done(); }
 */
export function createMcpCancellations(): McpCancellations {
  const inFlight = new Map<string, AbortController>();
  const keyOf = (caller: string, requestId: string | number): string =>
    `${caller}|${typeof requestId}:${requestId}`;
  return {
    track(caller, requestId, signal) {
      const key = keyOf(caller, requestId);
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
      inFlight.get(keyOf(caller, requestId))?.abort(reason ?? new Error('Cancelled by the client'));
    },
  };
}
