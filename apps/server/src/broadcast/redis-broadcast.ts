import type { Redis } from 'ioredis';
import { type Broadcast, decodeBroadcast, encodeBroadcast } from './broadcast.js';
import { type BroadcastLog, createBroadcastDispatch } from './broadcast-dispatch.js';

/** The part of the shared Redis (`app.redis`) a broadcast uses. */
export interface BroadcastRedis {
  readonly client: Redis;
  /** `SVC_REDIS_PREFIX`, put before the channel (the client prefixes keys, not channels). */
  readonly keyPrefix: string;
  subscriber(): Redis;
}

/**
 * The broadcast over Redis pub/sub: one channel, `<SVC_REDIS_PREFIX>broadcast`, carrying every
 * message with its channel name, on the shared Redis's subscriber connection. Publishing fails
 * at once while Redis is away (no offline queue); when the subscriber is back it subscribes
 * again and then tells {@link Broadcast.onResume}'s listeners.
 *
 * @example
 * const broadcast = await openRedisBroadcast(app.redis, app.log);
 */
export async function openRedisBroadcast(redis: BroadcastRedis, log: BroadcastLog): Promise<Broadcast> {
  const wireChannel = `${redis.keyPrefix}broadcast`;
  const dispatch = createBroadcastDispatch(log);
  const subscriber = redis.subscriber();
  let wasDown = false;
  let closed = false;
  const onMessage = (channel: string, wire: string): void => {
    if (channel !== wireChannel) return;
    const decoded = decodeBroadcast(wire);
    if (decoded) dispatch.deliver(decoded.channel, decoded.message);
  };
  const onDown = (): void => {
    wasDown = true;
  };
  const onReady = (): void => {
    if (!wasDown || closed) return;
    // ioredis resubscribes by itself; subscribing here too means the listeners hear of the
    // resume only once the subscription is in place again, so nothing falls between.
    subscriber.subscribe(wireChannel).then(
      () => {
        wasDown = false;
        log.info({ channel: wireChannel }, 'broadcast over Redis resumed');
        dispatch.resumed();
      },
      () => undefined,
    );
  };
  subscriber.on('message', onMessage);
  subscriber.on('close', onDown);
  subscriber.on('ready', onReady);
  await subscriber.subscribe(wireChannel);
  return {
    transport: 'redis',
    async publish(channel, message) {
      await redis.client.publish(wireChannel, encodeBroadcast(channel, message));
    },
    subscribe: dispatch.subscribe,
    isLive: () => !wasDown && subscriber.status === 'ready' && redis.client.status === 'ready',
    onResume: dispatch.onResume,
    async close() {
      closed = true;
      subscriber.off('message', onMessage);
      subscriber.off('close', onDown);
      subscriber.off('ready', onReady);
      await subscriber.unsubscribe(wireChannel).catch(() => undefined);
    },
  };
}
