import type { Broadcast } from './broadcast.js';
import type { BroadcastLog } from './broadcast-dispatch.js';
import { createInProcessBroadcast } from './in-process-broadcast.js';
import { type BroadcastPostgres, openPostgresBroadcast } from './postgres-broadcast.js';
import { type BroadcastRedis, openRedisBroadcast } from './redis-broadcast.js';

/**
 * The server's broadcast: Redis pub/sub when `SVC_REDIS_URL` is set, else PostgreSQL
 * `LISTEN/NOTIFY` when the database is PostgreSQL, else in-process (one instance).
 *
 * @example
 * const broadcast = await openBroadcast({ redis: app.redis, postgres, log: app.log });
 */
export async function openBroadcast(input: {
  redis: BroadcastRedis | undefined;
  postgres: BroadcastPostgres | undefined;
  log: BroadcastLog;
}): Promise<Broadcast> {
  if (input.redis) return openRedisBroadcast(input.redis, input.log);
  if (input.postgres) return openPostgresBroadcast(input.postgres, input.log);
  return createInProcessBroadcast(input.log);
}
