import { type Broadcast, decodeBroadcast, encodeBroadcast } from './broadcast.js';
import { type BroadcastLog, createBroadcastDispatch } from './broadcast-dispatch.js';

/**
 * The broadcast of a single instance (SQLite, or no shared bus): messages go to this process's
 * subscribers only, on the next tick (as they would over a network). Always live.
 *
 * @example
 * const broadcast = createInProcessBroadcast(app.log);
 * broadcast.subscribe('jobs.export', () => worker.wake());
 */
export function createInProcessBroadcast(log: BroadcastLog): Broadcast {
  const dispatch = createBroadcastDispatch(log);
  return {
    transport: 'in-process',
    async publish(channel, message) {
      // Encoded and decoded like the other transports, so a message that works here works there.
      const decoded = decodeBroadcast(encodeBroadcast(channel, message));
      if (decoded) queueMicrotask(() => dispatch.deliver(decoded.channel, decoded.message));
    },
    subscribe: dispatch.subscribe,
    isLive: () => true,
    onResume: dispatch.onResume,
    async close() {},
  };
}
