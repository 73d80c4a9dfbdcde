import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { PublicUser } from '../types.js';

/**
 * A way to answer a challenge: a code from the authenticator app, one of the recovery codes, or
 * one of the account's passkeys.
 */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** What a sign-in answers instead of a session when a second factor is needed. */
export interface SecondFactorChallenge {
  /** Opaque, single use; send it back with the code to `completeSignIn`. */
  challenge: string;
  /** The ways the account can answer; empty when it must enrol first. */
  methods: SecondFactorMethod[];
  /** True when the account's role requires a second factor and it has none: enrol, then answer. */
  enrolmentRequired: boolean;
  /** Epoch ms by the gate's clock. */
  expiresAt: number;
}

/** A session opened for a user: the token is the session JWT for the cookie. */
export interface OpenedSession {
  user: PublicUser;
  /** `issuedAt` and `expiresAt` are epoch ms by the gate's clock. */
  session: { id: string; token: string; issuedAt: number; expiresAt: number };
}

/** What follows a first factor (password, SSO): a session, or a challenge for the second. */
export type FirstFactorOutcome = OpenedSession | { secondFactor: SecondFactorChallenge };

/** A person's two-step sign-in as their Account screen shows it. */
export interface SecondFactorStatus {
  /** `off`; `pending` while an enrolment waits for its first code; `on` once confirmed. */
  totp: 'off' | 'pending' | 'on';
  /** Unused recovery codes (0 when TOTP is off). */
  recoveryCodesLeft: number;
  /** True when one of the person's roles requires a second factor. */
  requiredByRole: boolean;
  /** True when the person has a passkey: it answers the second step too (and meets a role's requirement). */
  passkey: boolean;
}

/** Proof of presence for removing the authenticator or replacing the recovery codes: one of them. */
export interface SecondFactorProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
  password?: string | undefined;
}

/**
 * The login decision's seam in `auth.login`: after the account is found and before the password
 * decides anything, whether a second factor applies, and the challenge to answer when it does.
 */
export interface LoginSecondFactor {
  isRequired(user: { id: string; roles: string[] }): Promise<boolean>;
  openChallenge(input: {
    userId: string;
    roles: string[];
    firstFactor: string;
    passed: boolean;
    userAgent?: string | undefined;
    clientAddress?: string | undefined;
  }): Promise<SecondFactorChallenge>;
}

/**
 * The passkeys a second step can be answered with (the seam to `gate.passkeys`): whether the
 * account has one, options for its credentials, and the check of an answer (true when it is
 * this account's passkey answering a challenge issued to it; false for any refusal).
 */
export interface PasskeySecondStep {
  has(userId: string): Promise<boolean>;
  start(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
  verify(userId: string, response: AuthenticationResponseJSON): Promise<boolean>;
}
