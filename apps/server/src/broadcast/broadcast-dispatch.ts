import type { BroadcastHandler, BroadcastMessage } from './broadcast.js';

/** Where a broadcast reports what it cannot deliver (a pino logger fits). */
export interface BroadcastLog {
  warn(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

/** The local side every transport shares: handlers by channel and resume listeners. */
export interface BroadcastDispatch {
  subscribe(channel: string, handler: BroadcastHandler): () => void;
  deliver(channel: string, message: BroadcastMessage): void;
  onResume(listener: () => void): () => void;
  resumed(): void;
}

/**
 * Creates the local fan-out of a broadcast. A throwing handler is logged and never stops the
 * others (nor the connection that delivered the message).
 *
 * @example
 * const dispatch = createBroadcastDispatch(log);
 * dispatch.subscribe('identity', handler);
 * dispatch.deliver('identity', { userId: 'u1' });
 */
export function createBroadcastDispatch(log: BroadcastLog): BroadcastDispatch {
  const handlers = new Map<string, Set<BroadcastHandler>>();
  const resumeListeners = new Set<() => void>();
  const safely = (call: () => void, what: Record<string, unknown>): void => {
    try {
      call();
    } catch (error) {
      log.warn({ ...what, err: error }, 'broadcast handler failed');
    }
  };
  return {
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      // Wrapped, so one function subscribed twice is two subscriptions.
      const entry: BroadcastHandler = (message) => handler(message);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    deliver(channel, message) {
      for (const handler of [...(handlers.get(channel) ?? [])]) safely(() => handler(message), { channel });
    },
    onResume(listener) {
      const entry = (): void => listener();
      resumeListeners.add(entry);
      return () => {
        resumeListeners.delete(entry);
      };
    },
    resumed() {
      for (const listener of [...resumeListeners]) safely(listener, { resume: true });
    },
  };
}
