import { type AccountDeletionReport, createTombstoneId, type Gate, type GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountDataContributor, AfterAccountDeletion } from '../plugins/account-data.js';

/** What a deletion did: the gate's report and the areas that had work left for after the commit. */
export interface AccountDeletionOutcome extends AccountDeletionReport {
  /** Areas whose after-commit work (files in storage) failed and was left to their sweep. */
  leftForSweep: string[];
}

/**
 * Deletes an account and everything it owns: re-authenticates (`gate.leaving.assertMayLeave`),
 * then in ONE transaction every area's contributor deletes or anonymises its rows and the gate
 * deletes its own last (documents, keys, sessions, wallet, membership, the user; the ledger kept
 * under a tombstone). After the commit the account's credentials are refused on every instance
 * and the areas remove their files; a failure there is logged and left to the area's sweep.
 *
 * @example
 * await deleteAccount({ gate, db, contributors: app.accountData.list(), user, password, sessionId, log });
 */
export async function deleteAccount(input: {
  gate: Gate;
  db: Kysely<GateDatabase>;
  contributors: readonly AccountDataContributor[];
  user: { id: string; email: string };
  /** The account's password; absent for an account without one (then `sessionId` must be a recent sign-in). */
  password?: string | undefined;
  sessionId?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<AccountDeletionOutcome> {
  const { gate, user } = input;
  await gate.leaving.assertMayLeave({
    userId: user.id,
    password: input.password,
    sessionId: input.sessionId,
  });
  const tombstoneId = createTombstoneId();
  const { report, afterCommit } = await input.db.transaction().execute(async (trx) => {
    const pending: Array<[string, AfterAccountDeletion]> = [];
    for (const contributor of input.contributors) {
      const after = await contributor.delete?.({
        userId: user.id,
        email: user.email,
        tombstoneId,
        trx: trx as unknown as Kysely<unknown>,
      });
      if (after) pending.push([contributor.area, after]);
    }
    return {
      report: await gate.leaving.deleteAccountRows(trx, { userId: user.id, tombstoneId }),
      afterCommit: pending,
    };
  });
  gate.leaving.forgetIdentities(user.id);
  const leftForSweep: string[] = [];
  for (const [area, after] of afterCommit) {
    await after().catch((error: unknown) => {
      leftForSweep.push(area);
      input.log.warn({ err: error, area }, 'after-deletion work failed; the area sweep retries it');
    });
  }
  input.log.info({ deleted: report.deleted, anonymised: report.anonymised }, 'account deleted');
  return { ...report, leftForSweep };
}
