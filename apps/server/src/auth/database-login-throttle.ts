import { createHash } from 'node:crypto';
import { type GateDatabase, LOGIN_THROTTLE, type LoginThrottle, loginDelayFor } from '@svc/gate';
import type { Kysely, Transaction } from 'kysely';

interface LoginAttemptsTable {
  account: string;
  failures: number;
  last_failure_at: number | string;
  known: string;
}
type ThrottleDatabase = { login_attempts: LoginAttemptsTable };
type Row = { failures: number; lastFailureAt: number; known: Record<string, number> };

/**
 * Reads the account's row locked for this transaction (PostgreSQL `FOR UPDATE`; SQLite's write
 * transaction already holds the file), creating it first so two instances lock the same row.
 */
async function readLocked(
  trx: Transaction<ThrottleDatabase>,
  account: string,
  postgres: boolean,
): Promise<Row> {
  await trx
    .insertInto('login_attempts')
    .values({ account, failures: 0, last_failure_at: 0, known: '{}' })
    .onConflict((conflict) => conflict.column('account').doNothing())
    .execute();
  const query = trx.selectFrom('login_attempts').selectAll().where('account', '=', account);
  const row = await (postgres ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return {
    failures: row.failures,
    lastFailureAt: Number(row.last_failure_at),
    known: JSON.parse(row.known) as Record<string, number>,
  };
}

/** Attempts of one process between two sweeps of stale rows. */
const SWEEP_EVERY = 100;

/**
 * The gate's per-account login throttle in the database (`login_attempts`), for instances that
 * share one PostgreSQL without Redis: the same rule (`LOGIN_THROTTLE`), one locked row per
 * account (the SHA-256 of the email), so 5 free failures are 5 across all instances. Every
 * {@link SWEEP_EVERY}th attempt deletes the rows that no longer matter (failures forgotten, no
 * known address), so guesses at many made-up addresses do not grow the table without bound.
 *
 * @example
 * const gate = createGate({ …, loginThrottle: createDatabaseLoginThrottle(db, 'postgres') });
 */
export function createDatabaseLoginThrottle(
  db: Kysely<GateDatabase>,
  dialect: 'sqlite' | 'postgres',
): LoginThrottle {
  const store = db as unknown as Kysely<ThrottleDatabase>;
  const postgres = dialect === 'postgres';
  const idOf = (account: string): string => createHash('sha256').update(account).digest('hex');
  const write = (trx: Transaction<ThrottleDatabase>, account: string, row: Row) =>
    trx
      .updateTable('login_attempts')
      .set({ failures: row.failures, last_failure_at: row.lastFailureAt, known: JSON.stringify(row.known) })
      .where('account', '=', account)
      .execute();
  let attempts = 0;
  const sweep = (now: number) =>
    store
      .deleteFrom('login_attempts')
      .where('known', '=', '{}')
      .where('last_failure_at', '<=', now - LOGIN_THROTTLE.forgetAfterMs)
      .execute();
  return {
    async beginAttempt({ account, address, now }) {
      attempts += 1;
      if (attempts % SWEEP_EVERY === 0) await sweep(now);
      const id = idOf(account);
      return store.transaction().execute(async (trx) => {
        const row = await readLocked(trx, id, postgres);
        if (row.failures > 0 && now - row.lastFailureAt >= LOGIN_THROTTLE.forgetAfterMs) row.failures = 0;
        const delay = loginDelayFor(row.failures);
        const retryAfterMs = row.lastFailureAt + delay - now;
        const seen = address === undefined ? undefined : row.known[address];
        const known = seen !== undefined && now - seen < LOGIN_THROTTLE.knownAddressTtlMs;
        if (delay > 0 && retryAfterMs > 0 && !known) return { retryAfterMs };
        await write(trx, id, { ...row, failures: row.failures + 1, lastFailureAt: now });
        return { retryAfterMs: 0 };
      });
    },
    async recordSuccess({ account, address, now }) {
      const id = idOf(account);
      await store.transaction().execute(async (trx) => {
        const row = await readLocked(trx, id, postgres);
        const known = { ...row.known };
        if (address !== undefined) {
          delete known[address];
          known[address] = now;
        }
        // The most recent addresses only.
        const kept = Object.entries(known)
          .sort((left, right) => right[1] - left[1])
          .slice(0, LOGIN_THROTTLE.maxKnownAddresses);
        await write(trx, id, {
          failures: 0,
          lastFailureAt: row.lastFailureAt,
          known: Object.fromEntries(kept),
        });
      });
    },
  };
}
