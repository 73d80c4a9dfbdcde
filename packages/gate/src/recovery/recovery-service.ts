import { randomUUID } from 'node:crypto';
import { findUserRowByEmail, findUserRowById, updateUser } from '../auth/account-store.js';
import { assertPasswordAllowed, normalizePassword, readEmail } from '../auth/credential-rules.js';
import { hashPassword } from '../auth/password-hasher.js';
import { revokeUserSessions } from '../auth/session-store.js';
import {
  consumeVerificationToken,
  issueVerificationToken,
  listTokenIssueTimes,
  retireVerificationTokens,
} from '../auth/verification-tokens.js';
import { GateError } from '../errors.js';
import type { IdentityInvalidation } from '../identity-cache.js';
import type { GateDeps, PublicUser } from '../types.js';
import { toPublicUser, toUserRecord } from '../users/user-records.js';
import { passwordChangedMail, resetLinkMail } from './recovery-mail.js';
import { RESET_PURPOSE, readResetToken } from './reset-tokens.js';

/** Shortest time between two reset mails to one account. */
export const RESET_COOLDOWN_MS = 60_000;
/** Most reset mails one account receives in 24 hours. */
export const RESET_DAILY_LIMIT = 5;
const DAY = 24 * 60 * 60 * 1000;

/** Forgotten passwords: a mailed single-use link, then a new password. */
export interface RecoveryService {
  /**
   * Mails a reset link to the account of `email`, when there is one that is enabled and under its
   * limits ({@link RESET_COOLDOWN_MS}, {@link RESET_DAILY_LIMIT}); older links stop working. The
   * same work and the same answer either way: `delivery` settles when the mail is handed over
   * (the caller does not wait for it, so the time of the answer tells nothing) and never rejects
   * for an address without an account.
   */
  requestReset(input: { email: string }): Promise<{ delivery: Promise<void> }>;
  /**
   * Sets a new password with a mailed token (sign-up's password rules) and uses the token up;
   * every session of the account is revoked, its API keys are kept, an unverified address counts
   * as verified (the mail proved it). `GATE_TOKEN_INVALID` for an unknown token,
   * `GATE_RESET_TOKEN_USED` / `GATE_RESET_TOKEN_EXPIRED` for a spent or stale one.
   * `notice` settles when the "your password was changed" mail is handed over.
   */
  resetPassword(input: {
    token: string;
    password: string;
  }): Promise<{ user: PublicUser; notice: Promise<void> }>;
}

/**
 * Creates the recovery service over the gate's database, mailer and clock; a reset tells
 * `identities` so the account's cached sessions end at once on every instance.
 *
 * @example
 * const recovery = createRecoveryService(deps, { identities });
 * const { delivery } = await recovery.requestReset({ email: 'ada@example.com' });
 */
export function createRecoveryService(
  deps: GateDeps,
  services: { identities: IdentityInvalidation },
): RecoveryService {
  const { db, mailer, clock, config } = deps;
  const { identities } = services;
  return {
    async requestReset(input) {
      const email = readEmail(input.email);
      const now = clock.now();
      const row = await findUserRowByEmail(db, email);
      // An unknown address runs the same queries against an id no account has, so the answer
      // takes as long; only the token insert and the mail (not awaited) differ.
      const userId = row?.id ?? randomUUID();
      const recent = await listTokenIssueTimes(db, { userId, purpose: RESET_PURPOSE, since: now - DAY });
      const latest = recent[0];
      const limited =
        recent.length >= RESET_DAILY_LIMIT || (latest !== undefined && now - latest < RESET_COOLDOWN_MS);
      await retireVerificationTokens(db, {
        userId: limited ? randomUUID() : userId,
        purpose: RESET_PURPOSE,
        now,
      });
      if (!row || row.disabled_at !== null || limited) return { delivery: Promise.resolve() };
      const token = await issueVerificationToken(db, {
        userId,
        purpose: RESET_PURPOSE,
        now,
        ttlMs: config.passwordResetTtlMs,
      });
      const link = `${config.passwordResetUrl}#token=${token}`;
      const delivery = mailer.send(resetLinkMail({ to: row.email, link, ttlMs: config.passwordResetTtlMs }));
      // Observed here so an unobserved failure never crashes the process; the caller logs it.
      delivery.catch(() => undefined);
      return { delivery };
    },

    async resetPassword(input) {
      const now = clock.now();
      const token = typeof input.token === 'string' ? input.token : '';
      const found = await readResetToken(db, { token, now });
      if (found.state === 'used')
        throw new GateError('GATE_RESET_TOKEN_USED', 'This reset link was already used; ask for a new one.');
      if (found.state === 'expired')
        throw new GateError('GATE_RESET_TOKEN_EXPIRED', 'This reset link has expired; ask for a new one.');
      const row = found.state === 'usable' ? await findUserRowById(db, found.userId) : undefined;
      if (!row) throw new GateError('GATE_TOKEN_INVALID', 'This reset link is not valid; ask for a new one.');
      const password = normalizePassword(input.password);
      assertPasswordAllowed(password, row.email);
      const passwordHash = await hashPassword(password, config.passwordCost);
      // Spent in one UPDATE: of two concurrent resets with one link, only one gets here.
      if (!(await consumeVerificationToken(db, { token, purpose: RESET_PURPOSE, now: clock.now() })))
        throw new GateError('GATE_RESET_TOKEN_USED', 'This reset link was already used; ask for a new one.');
      const changedAt = clock.now();
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, row.id, { password_hash: passwordHash }, changedAt);
        await trx
          .updateTable('users')
          .set({ email_verified_at: changedAt })
          .where('id', '=', row.id)
          .where('email_verified_at', 'is', null)
          .execute();
        await revokeUserSessions(trx, { userId: row.id, now: changedAt });
        await retireVerificationTokens(trx, { userId: row.id, purpose: RESET_PURPOSE, now: changedAt });
      });
      identities.invalidateUser(row.id);
      const user = await findUserRowById(db, row.id);
      const notice = mailer.send(passwordChangedMail({ to: row.email }));
      notice.catch(() => undefined);
      return { user: toPublicUser(toUserRecord(user ?? row)), notice };
    },
  };
}
