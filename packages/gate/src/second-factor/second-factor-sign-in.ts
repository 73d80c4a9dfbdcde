import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { findUserRowById, type UserRow } from '../auth/account-store.js';
import { openSession } from '../auth/open-session.js';
import { GateError } from '../errors.js';
import type { LoginThrottle } from '../ports/login-throttle.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { GateDeps } from '../types.js';
import { parseRoles, toPublicUser, toUserRecord } from '../users/user-records.js';
import {
  type ChallengeRow,
  consumeChallenge,
  countChallengeAttempt,
  findLiveChallenge,
  insertChallenge,
  setPendingSecret,
} from './login-challenges.js';
import { consumeRecoveryCode, hasRecoveryCode, replaceRecoveryCodes } from './recovery-codes.js';
import { isRequiredForRoles } from './role-requirements.js';
import { TOTP_ISSUER } from './second-factor-management.js';
import type {
  FirstFactorOutcome,
  LoginSecondFactor,
  OpenedSession,
  PasskeySecondStep,
  SecondFactorChallenge,
  SecondFactorMethod,
} from './second-factor-types.js';
import type { SecretBox } from './secret-box.js';
import {
  createTotpEnrolment,
  describeTotpEnrolment,
  matchTotpCode,
  type TotpEnrolment,
} from './totp-codes.js';
import { findTotp, hasConfirmedTotp, useTotpStep, writeConfirmedTotp } from './totp-store.js';

/** The answer to a challenge: a TOTP code, a recovery code or a passkey's assertion. */
export interface SecondFactorAnswer {
  challenge: string;
  code?: string | undefined;
  recoveryCode?: string | undefined;
  passkey?: AuthenticationResponseJSON | undefined;
  userAgent?: string | undefined;
  clientAddress?: string | undefined;
}

/** The sign-in half of `gate.secondFactor`: the login decision and the challenge's completion. */
export interface SecondFactorSignIn {
  /**
   * What follows a first factor that passed (an SSO sign-in, say): a session when the account
   * needs no second factor, a challenge otherwise.
   */
  afterFirstFactor(input: {
    userId: string;
    method: string;
    userAgent?: string | undefined;
    clientAddress?: string | undefined;
  }): Promise<FirstFactorOutcome>;
  /** For a challenge with `enrolmentRequired`: the secret to enrol, which the answer's code confirms. */
  beginChallengeEnrolment(input: { challenge: string }): Promise<TotpEnrolment>;
  /**
   * For a challenge whose `methods` list `passkey`: WebAuthn options for the challenge's account
   * (its passkeys only). Anything else, `GATE_SECOND_FACTOR_CHALLENGE_INVALID`.
   */
  startPasskeyAnswer(input: { challenge: string }): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /**
   * Answers a challenge. A wrong first factor and a wrong code fail alike with
   * `GATE_INVALID_CREDENTIALS`; an unknown, used, expired or exhausted challenge with
   * `GATE_SECOND_FACTOR_CHALLENGE_INVALID`. `recoveryCodes` is set when the answer finished an
   * enrolment (shown this once).
   */
  completeSignIn(input: SecondFactorAnswer): Promise<OpenedSession & { recoveryCodes?: string[] }>;
  /** The seam `auth.login` asks (see {@link LoginSecondFactor}). */
  login: LoginSecondFactor;
}

function challengeInvalid(): GateError {
  return new GateError(
    'GATE_SECOND_FACTOR_CHALLENGE_INVALID',
    'This sign-in has expired or was already finished: sign in again.',
  );
}

function invalidCredentials(): GateError {
  return new GateError('GATE_INVALID_CREDENTIALS', 'The password or the code is incorrect.');
}

/** Refusals said only to someone who passed both factors (as `auth.login` says them after the password). */
function assertMaySignIn(row: UserRow): void {
  if (row.email_verified_at === null)
    throw new GateError(
      'GATE_EMAIL_NOT_VERIFIED',
      'Confirm your email address first: open the link we sent you.',
    );
  if (row.disabled_at !== null)
    throw new GateError(
      'GATE_ACCOUNT_DISABLED',
      'This account is disabled; ask an administrator to re-enable it.',
    );
}

/** Creates the sign-in half of `gate.secondFactor`. */
export function createSecondFactorSignIn(
  deps: GateDeps,
  services: { box: SecretBox; tokens: SessionTokens; throttle: LoginThrottle; passkeys: PasskeySecondStep },
): SecondFactorSignIn {
  const { db, clock } = deps;
  const { box, tokens, throttle, passkeys } = services;

  const login: LoginSecondFactor = {
    async isRequired(user) {
      return (
        (await hasConfirmedTotp(db, user.id)) ||
        (await passkeys.has(user.id)) ||
        (await isRequiredForRoles(db, user.roles))
      );
    },
    async openChallenge(input) {
      const totp = await hasConfirmedTotp(db, input.userId);
      const passkey = await passkeys.has(input.userId);
      // Either second factor satisfies a role's requirement: enrolment is asked only with neither.
      const enrolled = totp || passkey;
      const methods: SecondFactorMethod[] = [
        ...(passkey ? (['passkey'] as const) : []),
        ...(totp ? (['totp', 'recovery_code'] as const) : []),
      ];
      const { challenge, expiresAt } = await insertChallenge(db, {
        userId: input.userId,
        firstFactor: input.firstFactor,
        passed: input.passed,
        kind: enrolled ? 'verify' : 'enrol',
        now: clock.now(),
        userAgent: input.userAgent,
        clientAddress: input.clientAddress,
      });
      const answer: SecondFactorChallenge = {
        challenge,
        methods,
        enrolmentRequired: !enrolled,
        expiresAt,
      };
      return answer;
    },
  };

  /** Checks the answer's code without using anything up: nothing changes for a wrong first factor. */
  async function matchAnswer(row: ChallengeRow, input: SecondFactorAnswer, now: number) {
    const userId = row.user_id;
    if (row.kind === 'enrol') {
      const secret = row.pending_secret_sealed ? box.open(row.pending_secret_sealed, userId) : undefined;
      const step = secret && input.code ? matchTotpCode({ secret, code: input.code, now }) : undefined;
      return step === undefined
        ? undefined
        : { kind: 'enrol' as const, step, sealed: row.pending_secret_sealed ?? '' };
    }
    if (input.code) {
      const totp = await findTotp(db, userId);
      const secret = totp?.confirmed_at != null ? box.open(totp.secret_sealed, userId) : undefined;
      const step = secret ? matchTotpCode({ secret, code: input.code, now }) : undefined;
      const fresh =
        step !== undefined && (totp?.last_used_step == null || Number(totp.last_used_step) < step);
      return fresh ? { kind: 'totp' as const, step } : undefined;
    }
    if (input.recoveryCode && (await hasRecoveryCode(db, box, { userId, code: input.recoveryCode })))
      return { kind: 'recovery' as const, code: input.recoveryCode };
    // A passkey's challenge is single use: verifying uses it up, whatever the first factor was.
    if (input.passkey && (await passkeys.verify(userId, input.passkey))) return { kind: 'passkey' as const };
    return undefined;
  }

  return {
    login,

    async afterFirstFactor(input) {
      const row = await findUserRowById(db, input.userId);
      if (!row) throw new GateError('GATE_NOT_FOUND', 'No such user.');
      const roles = parseRoles(row.roles);
      if (await login.isRequired({ id: row.id, roles })) {
        const secondFactor = await login.openChallenge({
          ...input,
          roles,
          firstFactor: input.method,
          passed: true,
        });
        return { secondFactor };
      }
      assertMaySignIn(row);
      const session = await openSession(deps, tokens, {
        userId: row.id,
        userAgent: input.userAgent,
        clientAddress: input.clientAddress,
      });
      return { user: toPublicUser(toUserRecord(row)), session };
    },

    async beginChallengeEnrolment({ challenge }) {
      const row = await findLiveChallenge(db, { challenge, now: clock.now() });
      if (row?.kind !== 'enrol') throw challengeInvalid();
      const user = await findUserRowById(db, row.user_id);
      if (!user) throw challengeInvalid();
      const offered = row.pending_secret_sealed
        ? box.open(row.pending_secret_sealed, row.user_id)
        : undefined;
      // Asked again (a reload): the same secret, so an app that already scanned it stays right.
      if (offered !== undefined)
        return describeTotpEnrolment({ secret: offered, email: user.email, issuer: TOTP_ISSUER });
      const enrolment = createTotpEnrolment({ email: user.email, issuer: TOTP_ISSUER });
      await setPendingSecret(db, { challenge, sealed: box.seal(enrolment.secret, row.user_id) });
      return enrolment;
    },

    async startPasskeyAnswer({ challenge }) {
      const row = await findLiveChallenge(db, { challenge, now: clock.now() });
      // Offered whether or not the password was right: the options must not tell.
      if (row?.kind !== 'verify' || !(await passkeys.has(row.user_id))) throw challengeInvalid();
      return passkeys.start(row.user_id);
    },

    async completeSignIn(input) {
      const now = clock.now();
      const row = await findLiveChallenge(db, { challenge: input.challenge, now });
      const user = row ? await findUserRowById(db, row.user_id) : undefined;
      if (!row || !user) throw challengeInvalid();
      // Each answer counts as a failed sign-in of the account until it succeeds.
      const attempt = { account: user.email, address: input.clientAddress, now };
      const { retryAfterMs } = await throttle.beginAttempt(attempt);
      if (retryAfterMs > 0)
        throw new GateError(
          'GATE_RATE_LIMITED',
          `Too many failed sign-ins for this account; try again in ${Math.ceil(retryAfterMs / 1000)} s.`,
          { details: { scope: 'account', retryAfterMs } },
        );
      if (!(await countChallengeAttempt(db, { challenge: input.challenge, now }))) throw challengeInvalid();
      const matched = await matchAnswer(row, input, now);
      // The password and the code are judged together: which one was wrong is never said.
      if (row.first_factor_passed !== 1 || matched === undefined) throw invalidCredentials();
      await throttle.recordSuccess(attempt);
      assertMaySignIn(user);
      if (!(await consumeChallenge(db, { challenge: input.challenge, now }))) throw challengeInvalid();
      const userId = user.id;
      let recoveryCodes: string[] | undefined;
      if (matched.kind === 'totp') {
        if (!(await useTotpStep(db, { userId, step: matched.step, now }))) throw invalidCredentials();
      } else if (matched.kind === 'recovery') {
        if (!(await consumeRecoveryCode(db, box, { userId, code: matched.code, now })))
          throw invalidCredentials();
      } else if (matched.kind === 'enrol') {
        await writeConfirmedTotp(db, { userId, sealed: matched.sealed, step: matched.step, now });
        recoveryCodes = await replaceRecoveryCodes(db, box, { userId, now });
      }
      const session = await openSession(deps, tokens, {
        userId,
        userAgent: input.userAgent,
        clientAddress: input.clientAddress,
      });
      return { user: toPublicUser(toUserRecord(user)), session, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },
  };
}
