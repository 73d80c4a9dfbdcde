import { findUserRowById } from '../auth/account-store.js';
import { normalizePassword } from '../auth/credential-rules.js';
import { verifyPassword } from '../auth/password-hasher.js';
import { GateError } from '../errors.js';
import type { GateDeps } from '../types.js';
import { parseRoles } from '../users/user-records.js';
import { consumeRecoveryCode, countRecoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.js';
import { isRequiredForRoles, listRequiredRoles, writeRoleRequirement } from './role-requirements.js';
import type { PasskeySecondStep, SecondFactorProof, SecondFactorStatus } from './second-factor-types.js';
import type { SecretBox } from './secret-box.js';
import { createTotpEnrolment, matchTotpCode, type TotpEnrolment } from './totp-codes.js';
import { deleteSecondFactor, findTotp, useTotpStep, writePendingTotp } from './totp-store.js';

/** The issuer shown in authenticator apps beside the account's email. */
export const TOTP_ISSUER = 'svc';

export function codeInvalid(): GateError {
  return new GateError('GATE_SECOND_FACTOR_CODE_INVALID', 'That code is not valid (or was already used).');
}

/** A person's own two-step sign-in settings, and the admin's role requirements. */
export interface SecondFactorManagement {
  /** Whether TOTP is on, how many recovery codes are left, whether a role requires it. */
  readStatus(input: { userId: string }): Promise<SecondFactorStatus>;
  /**
   * Begins a TOTP enrolment: a fresh secret and its URI, which count for nothing until
   * `confirmTotp` sees a first valid code. `GATE_CONFLICT` when TOTP is already on.
   */
  beginTotp(input: { userId: string }): Promise<TotpEnrolment>;
  /** Confirms the begun enrolment with a current code; answers the recovery codes, shown this once. */
  confirmTotp(input: { userId: string; code: string }): Promise<{ recoveryCodes: string[] }>;
  /** Removes the authenticator and recovery codes, given a current code, a recovery code or the password. */
  removeTotp(input: { userId: string; proof: SecondFactorProof }): Promise<void>;
  /** Replaces the recovery codes (the old set stops working), given the same proof as removal. */
  regenerateRecoveryCodes(input: {
    userId: string;
    proof: SecondFactorProof;
  }): Promise<{ recoveryCodes: string[] }>;
  /** Every configured role and whether it requires a second factor. */
  listRoleRequirements(): Promise<{ role: string; required: boolean }[]>;
  /** Requires (or stops requiring) a second factor for a configured role. */
  setRoleRequirement(input: { role: string; required: boolean; by: string | null }): Promise<void>;
}

/** Creates the management half of `gate.secondFactor`. */
export function createSecondFactorManagement(
  deps: GateDeps,
  box: SecretBox,
  passkeys: Pick<PasskeySecondStep, 'has'>,
): SecondFactorManagement {
  const { db, clock, config } = deps;

  async function readUser(userId: string) {
    const row = await findUserRowById(db, userId);
    if (!row) throw new GateError('GATE_NOT_FOUND', 'No such user.');
    return row;
  }

  async function assertProof(userId: string, proof: SecondFactorProof): Promise<void> {
    const now = clock.now();
    if (proof.code) {
      const row = await findTotp(db, userId);
      const secret = row?.confirmed_at != null ? box.open(row.secret_sealed, userId) : undefined;
      const step = secret === undefined ? undefined : matchTotpCode({ secret, code: proof.code, now });
      if (step === undefined || !(await useTotpStep(db, { userId, step, now }))) throw codeInvalid();
      return;
    }
    if (proof.recoveryCode) {
      if (!(await consumeRecoveryCode(db, box, { userId, code: proof.recoveryCode, now })))
        throw codeInvalid();
      return;
    }
    if (proof.password !== undefined) {
      const user = await readUser(userId);
      if (!(await verifyPassword(normalizePassword(proof.password), user.password_hash)))
        throw new GateError('GATE_INVALID_CREDENTIALS', 'The password is incorrect.');
      return;
    }
    throw new GateError('GATE_INVALID_INPUT', 'Give a current code, a recovery code or your password.');
  }

  return {
    async readStatus({ userId }) {
      const user = await readUser(userId);
      const row = await findTotp(db, userId);
      const totp = !row ? 'off' : row.confirmed_at === null ? 'pending' : 'on';
      return {
        totp,
        recoveryCodesLeft: totp === 'on' ? await countRecoveryCodesLeft(db, userId) : 0,
        requiredByRole: await isRequiredForRoles(db, parseRoles(user.roles)),
        passkey: await passkeys.has(userId),
      };
    },

    async beginTotp({ userId }) {
      const user = await readUser(userId);
      const existing = await findTotp(db, userId);
      if (existing?.confirmed_at != null)
        throw new GateError(
          'GATE_CONFLICT',
          'Two-step sign-in is already on: remove it first to enrol again.',
        );
      const enrolment = createTotpEnrolment({ email: user.email, issuer: TOTP_ISSUER });
      await writePendingTotp(db, { userId, sealed: box.seal(enrolment.secret, userId), now: clock.now() });
      return enrolment;
    },

    async confirmTotp({ userId, code }) {
      const now = clock.now();
      const row = await findTotp(db, userId);
      if (!row || row.confirmed_at !== null)
        throw new GateError(
          'GATE_CONFLICT',
          'There is no enrolment waiting for a first code: begin one first.',
        );
      const secret = box.open(row.secret_sealed, userId);
      const step = secret === undefined ? undefined : matchTotpCode({ secret, code, now });
      if (step === undefined || !(await useTotpStep(db, { userId, step, now, confirm: true })))
        throw codeInvalid();
      return { recoveryCodes: await replaceRecoveryCodes(db, box, { userId, now }) };
    },

    async removeTotp({ userId, proof }) {
      const row = await findTotp(db, userId);
      if (row?.confirmed_at != null) await assertProof(userId, proof);
      await deleteSecondFactor(db, userId);
    },

    async regenerateRecoveryCodes({ userId, proof }) {
      const row = await findTotp(db, userId);
      if (row?.confirmed_at == null)
        throw new GateError('GATE_CONFLICT', 'Turn two-step sign-in on first: recovery codes come with it.');
      await assertProof(userId, proof);
      return { recoveryCodes: await replaceRecoveryCodes(db, box, { userId, now: clock.now() }) };
    },

    async listRoleRequirements() {
      const required = new Set(await listRequiredRoles(db));
      return Object.keys(config.rolePermissions)
        .sort()
        .map((role) => ({ role, required: required.has(role) }));
    },

    async setRoleRequirement({ role, required, by }) {
      if (!Object.hasOwn(config.rolePermissions, role))
        throw new GateError('GATE_INVALID_INPUT', `Unknown role "${role}".`, {
          details: { role, roles: Object.keys(config.rolePermissions) },
        });
      await writeRoleRequirement(db, { role, required, by, now: clock.now() });
    },
  };
}
