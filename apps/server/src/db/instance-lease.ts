import { randomUUID } from 'node:crypto';
import type { GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ConfigError } from '../config/server-config.js';
import type { InstancesDatabase, ServerInstancesTable } from './instance-migrations.js';

/** How often a running instance refreshes its lease (ms). */
export const INSTANCE_HEARTBEAT_MS = 5_000;
/** A lease whose heartbeat is older than this was left by a process that is gone (ms). */
export const INSTANCE_LEASE_MS = 20_000;
/** Suffixes a derived name tries (`host:3000`, `host:3000~2`, …) before giving up. */
const MAX_SUFFIX = 100;

/** The name this process holds, until {@link InstanceLease.release}. */
export interface InstanceLease {
  id: string;
  /** Stops the heartbeat and frees the name (a clean stop); a crash leaves it to expire. */
  release(): Promise<void>;
}

/** Options of {@link claimInstanceId}. */
export interface ClaimInstanceIdOptions {
  /** The server's database (any schema: the lease reads only `server_instances`). */
  db: Kysely<GateDatabase>;
  /** The configured or derived name. */
  instanceId: string;
  /** `environment`: refused when a live instance holds it; `derived`: a free suffix is taken instead. */
  source: 'environment' | 'derived';
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  heartbeatMs?: number;
  leaseMs?: number;
  /**
   * How long an explicit claim watches a fresh lease for a beat before taking it over (ms).
   * Default: two heartbeats plus up to a second (11 s at the default heartbeat).
   */
  watchMs?: number;
  now?: () => number;
}

type Row = Pick<ServerInstancesTable, 'holder' | 'heartbeat_at'>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims this process's instance name in `server_instances` with a heartbeat lease, so two
 * processes on one database never run under one name (a run's `runner` is how an instance
 * recognises its own runs cut short by its last stop). A free name, or one whose heartbeat is
 * older than `leaseMs` (its holder crashed), is taken. A name held with a fresh heartbeat:
 *
 * - **derived** (`SVC_INSTANCE_ID` unset): the next free suffix is taken (`host:3000~2`) at once;
 * - **explicit**: the holder is watched for two heartbeats. If it beats, it is alive and the start
 *   is refused with a {@link ConfigError} naming `SVC_INSTANCE_ID`; if not, it was this instance's
 *   crashed previous process and the name is taken over.
 *
 * Every take is a compare-and-swap on (holder, heartbeat), so of two processes claiming at once
 * one wins. The answer's `release()` (on close) stops the heartbeat and deletes the row.
 *
 * @example
 * const lease = await claimInstanceId({ db, instanceId: config.instanceId, source: config.instanceIdSource, log });
 * app.addHook('onClose', () => lease.release());
 */
export async function claimInstanceId(options: ClaimInstanceIdOptions): Promise<InstanceLease> {
  const db = options.db as unknown as Kysely<InstancesDatabase>;
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? INSTANCE_HEARTBEAT_MS;
  const leaseMs = options.leaseMs ?? INSTANCE_LEASE_MS;
  const watchMs = options.watchMs ?? 2 * heartbeatMs + Math.min(heartbeatMs, 1000);
  const holder = randomUUID();

  const read = (id: string): Promise<Row | undefined> =>
    db
      .selectFrom('server_instances')
      .select(['holder', 'heartbeat_at'])
      .where('instance_id', '=', id)
      .executeTakeFirst();
  const insert = async (id: string): Promise<boolean> => {
    const at = now();
    const result = await db
      .insertInto('server_instances')
      .values({ instance_id: id, holder, started_at: at, heartbeat_at: at })
      .onConflict((conflict) => conflict.column('instance_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  };
  const takeOver = async (id: string, from: Row): Promise<boolean> => {
    const at = now();
    const result = await db
      .updateTable('server_instances')
      .set({ holder, started_at: at, heartbeat_at: at })
      .where('instance_id', '=', id)
      .where('holder', '=', from.holder)
      .where('heartbeat_at', '=', from.heartbeat_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  /** Whether `row`'s holder beats within `watchMs`: the row changes while watched. */
  const isAlive = async (id: string, row: Row): Promise<boolean> => {
    options.log.info(
      { instanceId: id },
      'SVC_INSTANCE_ID is leased with a recent heartbeat; waiting two heartbeats to see whether its holder is alive',
    );
    const until = now() + watchMs;
    while (now() < until) {
      await sleep(Math.max(10, Math.floor(heartbeatMs / 4)));
      const seen = await read(id);
      if (!seen || seen.holder !== row.holder || Number(seen.heartbeat_at) !== Number(row.heartbeat_at))
        return seen !== undefined;
    }
    return false;
  };
  /** True once `id` is this process's; false when a live instance holds it. */
  const claim = async (id: string): Promise<boolean> => {
    for (;;) {
      if (await insert(id)) return true;
      const row = await read(id);
      if (!row) continue;
      const fresh = now() - Number(row.heartbeat_at) <= leaseMs;
      if (fresh && options.source === 'derived') return false;
      if (fresh && (await isAlive(id, row))) return false;
      if (await takeOver(id, { holder: row.holder, heartbeat_at: Number(row.heartbeat_at) })) {
        options.log.warn({ instanceId: id }, 'instance name taken over from a process that stopped beating');
        return true;
      }
    }
  };

  let id: string | undefined;
  for (let suffix = 1; suffix <= MAX_SUFFIX && id === undefined; suffix++) {
    const candidate = suffix === 1 ? options.instanceId : `${options.instanceId}~${suffix}`;
    if (await claim(candidate)) id = candidate;
    else if (options.source === 'environment') {
      throw new ConfigError([
        `SVC_INSTANCE_ID "${candidate}" is held by another running instance on this database (its heartbeat is fresh); give each instance its own SVC_INSTANCE_ID, or unset it to derive one.`,
      ]);
    }
  }
  if (id === undefined)
    throw new ConfigError([
      `SVC_INSTANCE_ID: "${options.instanceId}" and its ${MAX_SUFFIX - 1} suffixes are all held by running instances; set SVC_INSTANCE_ID.`,
    ]);
  if (id !== options.instanceId)
    options.log.warn(
      { instanceId: id, derived: options.instanceId },
      'the derived instance name is held by another running instance; this one runs under a suffix (set SVC_INSTANCE_ID to name it)',
    );
  return startHeartbeat({ db, id, holder, heartbeatMs, now, log: options.log });
}

/** Beats `id`'s lease every `heartbeatMs` while this process holds it; logs once when it lost it. */
function startHeartbeat(options: {
  db: Kysely<InstancesDatabase>;
  id: string;
  holder: string;
  heartbeatMs: number;
  now: () => number;
  log: ClaimInstanceIdOptions['log'];
}): InstanceLease {
  const { db, id, holder, log } = options;
  let lost = false;
  let beating: Promise<unknown> = Promise.resolve();
  const beat = async () => {
    const result = await db
      .updateTable('server_instances')
      .set({ heartbeat_at: options.now() })
      .where('instance_id', '=', id)
      .where('holder', '=', holder)
      .executeTakeFirst();
    const held = Number(result.numUpdatedRows) === 1;
    if (!held && !lost)
      log.error(
        { instanceId: id },
        'instance name lease lost: another process took this SVC_INSTANCE_ID after this one missed its heartbeats',
      );
    lost = !held;
  };
  const timer = setInterval(() => {
    beating = beat().catch((error: unknown) =>
      log.warn({ err: error, instanceId: id }, 'instance heartbeat failed'),
    );
  }, options.heartbeatMs);
  timer.unref?.();
  return {
    id,
    async release() {
      clearInterval(timer);
      await beating;
      await db
        .deleteFrom('server_instances')
        .where('instance_id', '=', id)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
