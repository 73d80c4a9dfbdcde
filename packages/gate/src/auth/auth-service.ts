import { randomBytes, randomUUID } from 'node:crypto';
import { GateError } from '../errors.js';
import { type IdentityInvalidation, NO_IDENTITY_CACHE } from '../identity-cache.js';
import type { LoginThrottle } from '../ports/login-throttle.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { LoginSecondFactor, SecondFactorChallenge } from '../second-factor/second-factor-types.js';
import { touchSession } from '../sessions/session-activity.js';
import type { GateDeps, PublicUser } from '../types.js';
import { toPublicUser, toUserRecord, type UserRecord } from '../users/user-records.js';
import { createAccountAdmin } from './account-admin.js';
import { emailTaken, findUserRowByEmail, insertUser, updateUser } from './account-store.js';
import {
  assertPasswordAllowed,
  countCodePoints,
  normalizePassword,
  PASSWORD_MAX_LENGTH,
  readEmail,
} from './credential-rules.js';
import { createMemoryLoginThrottle } from './login-throttle.js';
import { openSession } from './open-session.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hasher.js';
import { findLiveSessionUser, revokeSession } from './session-store.js';
import {
  consumeVerificationToken,
  issueVerificationToken,
  listTokenIssueTimes,
  retireVerificationTokens,
} from './verification-tokens.js';

/** How a new account gets verified: at once (`autoVerify`) or by the link mailed to it. */
export type VerificationOutcome = 'verified' | 'email-sent';

/** Accounts and sessions. Every method throws `GateError`s for expected failures. */
export interface AuthService {
  /** Creates a member account (unverified unless `autoVerify`); mails the verification link. */
  signup(input: {
    email: string;
    password: string;
    userAgent?: string;
  }): Promise<{ user: PublicUser; verification: VerificationOutcome }>;
  /**
   * Mails a fresh verification link to an unverified account (older links stop working). Answers
   * the same whether the account exists, is verified or hit a limit, so it reveals nothing; at
   * most one link a minute and {@link RESEND_DAILY_LIMIT} a day per account are mailed.
   */
  resendVerification(input: { email: string }): Promise<void>;
  /** Uses a single-use verification token; `GATE_TOKEN_INVALID` when unknown, used or expired. */
  verify(input: { token: string }): Promise<{ user: PublicUser }>;
  /**
   * Checks the credentials and opens a session; the token is the session JWT for the cookie.
   * Failed attempts are throttled per account (`GATE_RATE_LIMITED`, see `LOGIN_THROTTLE`);
   * `clientAddress` (the caller's IP) exempts an address that signed in to the account before.
   * An account with a second factor (or whose role requires one) gets a `secondFactor` challenge
   * instead of a session, the same whether or not the password was right (`gate.secondFactor`).
   */
  login(input: { email: string; password: string; userAgent?: string; clientAddress?: string }): Promise<
    | {
        user: PublicUser;
        /** `issuedAt` and `expiresAt` are epoch ms by the gate's clock: the cookie lives their difference. */
        session: { id: string; token: string; issuedAt: number; expiresAt: number };
      }
    | { secondFactor: SecondFactorChallenge }
  >;
  /**
   * The user of a session token, read fresh from the database; null when not valid now. Never
   * throws for bad tokens. `expiresAt` (epoch ms) is when the session ends: the earlier of the
   * token's `exp` and the session row's expiry.
   */
  resolveSession(token: string): Promise<{ user: UserRecord; sessionId: string; expiresAt: number } | null>;
  /** Revokes the session of a token server-side; a no-op for a token that is not valid. */
  logout(input: { sessionToken: string }): Promise<void>;
  /** Changes a password after checking the current one; revokes every other session of the user. */
  changePassword(input: {
    userId: string;
    currentPassword: string;
    newPassword: string;
    keepSessionId?: string;
  }): Promise<void>;
  /** Replaces a user's roles (admin operation); names must be keys of the role → permission map. */
  setRoles(input: { userId: string; roles: string[] }): Promise<PublicUser>;
  /** Creates the admin account if missing, or makes the existing account a verified admin. Idempotent. */
  seedAdmin(input: { email: string; password: string }): Promise<PublicUser>;
}

const VERIFY_PURPOSE = 'verify-email';

/** Shortest time between two verification mails to one account. */
export const RESEND_COOLDOWN_MS = 60_000;
/** Most verification mails one account receives in 24 hours (the sign-up mail included). */
export const RESEND_DAILY_LIMIT = 5;

function invalidCredentials(): GateError {
  return new GateError('GATE_INVALID_CREDENTIALS', 'Email or password is incorrect.');
}

function tryReadEmail(email: string): string | undefined {
  try {
    return readEmail(email);
  } catch {
    return undefined;
  }
}

/**
 * Creates the account and session service over the gate's database, mailer and clock, signing
 * session tokens with `tokens` and reporting changes to `identities` (the identity cache).
 *
 * @example
 * const deps = { db, mailer, clock, config: resolveGateConfig({ apiKeyPepper }) };
 * const auth = createAuthService(deps, { tokens: createHmacSessionTokens({ secret }) });
 * await auth.signup({ email: 'ada@example.com', password: 'violet-cactus-harbour' });
 * const { session } = await auth.login({ email: 'ada@example.com', password: 'violet-cactus-harbour' });
 * const resolved = await auth.resolveSession(session.token); // { user, sessionId }
 */
export function createAuthService(
  deps: GateDeps,
  services: {
    tokens: SessionTokens;
    identities?: IdentityInvalidation;
    loginThrottle?: LoginThrottle;
    /** The login decision (issue 27): absent, every right password opens a session. */
    secondFactor?: LoginSecondFactor;
  },
): AuthService {
  const { db, mailer, clock, config } = deps;
  const { tokens, identities = NO_IDENTITY_CACHE } = services;
  let dummyHash: Promise<string> | undefined;
  // Unknown emails verify against this hash, made with today's parameters, so they cost as much as a real check.
  const readDummyHash = (): Promise<string> => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'), config.passwordCost);
    return dummyHash;
  };
  const admin = createAccountAdmin(deps);
  const throttle = services.loginThrottle ?? createMemoryLoginThrottle();

  async function sendVerificationLink(user: UserRecord, now: number): Promise<void> {
    const token = await issueVerificationToken(db, {
      userId: user.id,
      purpose: VERIFY_PURPOSE,
      now,
      ttlMs: config.verificationTtlMs,
    });
    const link = `${config.verifyUrl}?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: 'Confirm your email address',
      text: `Open this link to confirm your email address (it works once, for ${Math.round(config.verificationTtlMs / 3_600_000)} hours):\n${link}\n`,
      kind: VERIFY_PURPOSE,
      link,
    });
  }

  return {
    async signup(input) {
      const email = readEmail(input.email);
      const password = normalizePassword(input.password);
      assertPasswordAllowed(password, email);
      if (await findUserRowByEmail(db, email)) throw emailTaken();
      const passwordHash = await hashPassword(password, config.passwordCost);
      const now = clock.now();
      const row = {
        id: randomUUID(),
        email,
        password_hash: passwordHash,
        roles: JSON.stringify(['member']),
        email_verified_at: config.autoVerify ? now : null,
        created_at: now,
        updated_at: now,
        disabled_at: null,
      };
      await insertUser(db, row);
      const user = toUserRecord(row);
      if (config.autoVerify) return { user: toPublicUser(user), verification: 'verified' };
      try {
        await sendVerificationLink(user, now);
      } catch (error) {
        // Without its link the account could never be verified: remove it so sign-up can be retried.
        await db.deleteFrom('users').where('id', '=', user.id).execute();
        throw error;
      }
      return { user: toPublicUser(user), verification: 'email-sent' };
    },

    async resendVerification(input) {
      const email = readEmail(input.email);
      const row = await findUserRowByEmail(db, email);
      if (!row || row.email_verified_at !== null) return;
      const now = clock.now();
      const recent = await listTokenIssueTimes(db, {
        userId: row.id,
        purpose: VERIFY_PURPOSE,
        since: now - 24 * 60 * 60 * 1000,
      });
      const latest = recent[0];
      if (recent.length >= RESEND_DAILY_LIMIT || (latest !== undefined && now - latest < RESEND_COOLDOWN_MS))
        return;
      await retireVerificationTokens(db, { userId: row.id, purpose: VERIFY_PURPOSE, now });
      await sendVerificationLink(toUserRecord(row), now);
    },

    async verify({ token }) {
      const now = clock.now();
      const userId =
        typeof token === 'string'
          ? await consumeVerificationToken(db, { token, purpose: VERIFY_PURPOSE, now })
          : undefined;
      if (!userId)
        throw new GateError('GATE_TOKEN_INVALID', 'This verification link is invalid, used or expired.');
      await db
        .updateTable('users')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('email_verified_at', 'is', null)
        .execute();
      identities.invalidateUser(userId);
      return { user: await admin.readPublicUser(userId) };
    },

    async login(input) {
      const email = tryReadEmail(input.email);
      // Unknown and unreadable addresses are throttled alike, so a 429 says nothing about existence.
      const attempt = {
        account: email ?? input.email.trim().toLowerCase(),
        address: input.clientAddress,
        now: clock.now(),
      };
      const { retryAfterMs } = await throttle.beginAttempt(attempt);
      if (retryAfterMs > 0) {
        throw new GateError(
          'GATE_RATE_LIMITED',
          `Too many failed sign-ins for this account; try again in ${Math.ceil(retryAfterMs / 1000)} s.`,
          { details: { scope: 'account', retryAfterMs } },
        );
      }
      const password = normalizePassword(input.password);
      const row = email === undefined ? undefined : await findUserRowByEmail(db, email);
      if (!row || countCodePoints(password) > PASSWORD_MAX_LENGTH) {
        await verifyPassword(password, await readDummyHash());
        throw invalidCredentials();
      }
      const roles = toUserRecord(row).roles;
      if (services.secondFactor && (await services.secondFactor.isRequired({ id: row.id, roles }))) {
        // The password is judged with the code: a wrong one gets the same challenge, and the
        // throttle's count is cleared only when the code is right too.
        const passed = await verifyPassword(password, row.password_hash);
        if (passed && needsRehash(row.password_hash, config.passwordCost)) {
          const hash = await hashPassword(password, config.passwordCost);
          await updateUser(db, row.id, { password_hash: hash }, clock.now());
        }
        const { userAgent, clientAddress } = input;
        const firstFactor = 'password';
        return {
          secondFactor: await services.secondFactor.openChallenge({
            userId: row.id,
            roles,
            firstFactor,
            passed,
            userAgent,
            clientAddress,
          }),
        };
      }
      if (!(await verifyPassword(password, row.password_hash))) throw invalidCredentials();
      await throttle.recordSuccess(attempt);
      // Said only to someone who knows the password, so it reveals nothing to a guesser.
      if (row.email_verified_at === null) {
        throw new GateError(
          'GATE_EMAIL_NOT_VERIFIED',
          'Confirm your email address first: open the link we sent you.',
        );
      }
      if (row.disabled_at !== null) {
        throw new GateError(
          'GATE_ACCOUNT_DISABLED',
          'This account is disabled; ask an administrator to re-enable it.',
        );
      }
      const now = clock.now();
      if (needsRehash(row.password_hash, config.passwordCost)) {
        await updateUser(
          db,
          row.id,
          { password_hash: await hashPassword(password, config.passwordCost) },
          now,
        );
      }
      const session = await openSession(deps, tokens, {
        userId: row.id,
        userAgent: input.userAgent,
        clientAddress: input.clientAddress,
      });
      return { user: toPublicUser(toUserRecord(row)), session };
    },

    async resolveSession(token) {
      const now = clock.now();
      const claims = await tokens.verify(token, now);
      if (!claims) return null;
      const row = await findLiveSessionUser(db, { sessionId: claims.sid, userId: claims.sub, now });
      if (!row) return null;
      await touchSession(db, { sessionId: claims.sid, lastSeenAt: row.session_last_seen_at, now });
      // The earlier of the token's exp and the row's expiry ends the session, and so bounds how
      // long the identity cache may serve it (a login's exp is the row's expiry rounded down to
      // the second; a token signed with an earlier exp ends earlier).
      const expiresAt = Math.min(Number(row.session_expires_at), claims.exp * 1000);
      return { user: toUserRecord(row), sessionId: claims.sid, expiresAt };
    },

    async logout({ sessionToken }) {
      const claims = await tokens.verify(sessionToken, clock.now());
      if (claims) await revokeSession(db, { id: claims.sid, now: clock.now() });
      identities.forget({ channel: 'session', value: sessionToken });
    },

    async changePassword(input) {
      await admin.changePassword(input);
      identities.invalidateUser(input.userId);
    },
    async setRoles(input) {
      const user = await admin.setRoles(input);
      identities.invalidateUser(input.userId);
      return user;
    },
    async seedAdmin(input) {
      const user = await admin.seedAdmin(input);
      identities.invalidateUser(user.id);
      return user;
    },
  };
}
