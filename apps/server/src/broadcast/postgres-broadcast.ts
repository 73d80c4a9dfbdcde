import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { type Broadcast, decodeBroadcast, encodeBroadcast } from './broadcast.js';
import { type BroadcastLog, createBroadcastDispatch } from './broadcast-dispatch.js';

/** The part of the server's PostgreSQL database a broadcast uses. */
export interface BroadcastPostgres {
  // biome-ignore lint/suspicious/noExplicitAny: only raw SQL is run, over any schema.
  readonly db: Kysely<any>;
  /** A new connection of its own (outside the pool, not yet connected): the one that LISTENs. */
  openDedicatedClient(): pg.Client;
}

/** A broadcast over PostgreSQL, with the NOTIFY channel it uses (tests look its listener up by it). */
export interface PostgresBroadcast extends Broadcast {
  readonly wireChannel: string;
}

const RETRY_MAX_MS = 2000;

/**
 * The broadcast over PostgreSQL `LISTEN/NOTIFY`, for an install with a database but no Redis.
 * NOTIFY goes through the pool (`pg_notify`, parameterised); one dedicated connection LISTENs,
 * and reconnects after a loss (every 200 ms, up to every 2 s), then tells
 * {@link Broadcast.onResume}'s listeners. The channel is named after the database and schema,
 * so installs sharing a PostgreSQL server in different schemas never hear each other.
 *
 * @example
 * const broadcast = await openPostgresBroadcast({ db, openDedicatedClient }, app.log);
 */
export async function openPostgresBroadcast(
  database: BroadcastPostgres,
  log: BroadcastLog,
): Promise<PostgresBroadcast> {
  const where = await sql<{
    place: string;
  }>`select current_database() || '/' || current_schema() as place`.execute(database.db);
  const place = where.rows[0]?.place ?? '';
  const wireChannel = `svc_${createHash('sha256').update(place).digest('hex').slice(0, 24)}`;
  const dispatch = createBroadcastDispatch(log);
  let listener: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    const client = database.openDedicatedClient();
    client.on('notification', (notification) => {
      if (notification.channel !== wireChannel || notification.payload === undefined) return;
      const decoded = decodeBroadcast(notification.payload);
      if (decoded) dispatch.deliver(decoded.channel, decoded.message);
    });
    const lost = (error?: Error): void => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      log.warn(
        { channel: wireChannel, reason: error?.message ?? 'connection ended' },
        'broadcast over PostgreSQL lost',
      );
      scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${wireChannel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
  }

  function scheduleRetry(): void {
    if (closed || retry) return;
    attempt += 1;
    retry = setTimeout(
      () => {
        retry = undefined;
        listen().then(
          () => {
            attempt = 0;
            log.info({ channel: wireChannel }, 'broadcast over PostgreSQL resumed');
            dispatch.resumed();
          },
          () => scheduleRetry(),
        );
      },
      Math.min(attempt * 200, RETRY_MAX_MS),
    );
    retry.unref();
  }

  await listen();
  return {
    transport: 'postgres',
    wireChannel,
    async publish(channel, message) {
      await sql`select pg_notify(${wireChannel}, ${encodeBroadcast(channel, message)})`.execute(database.db);
    },
    subscribe: dispatch.subscribe,
    isLive: () => listener !== undefined,
    onResume: dispatch.onResume,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
