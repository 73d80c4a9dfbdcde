/**
 * The second factor's tables (migration `0006_second_factor`). Times are epoch milliseconds;
 * booleans are 0/1 integers, as in the rest of the gate.
 */
export interface SecondFactorTotpTable {
  /** One authenticator per account. */
  user_id: string;
  /** The base32 secret sealed with a key derived from the server's pepper (`sealSecret`). */
  secret_sealed: string;
  /** When the first valid code confirmed the enrolment; null while it is only begun (it counts for nothing). */
  confirmed_at: number | null;
  /** The last 30-second step a code was accepted for: a code of that step or earlier is refused. */
  last_used_step: number | null;
  created_at: number;
}

export interface SecondFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  /** HMAC-SHA256 of the normalised code under a key derived from the pepper; the code is shown once. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface SecondFactorChallengesTable {
  /** SHA-256 of the challenge: the challenge itself is only ever in the client's hands. */
  challenge_hash: string;
  user_id: string;
  /** The first factor that opened it: `password`, `sso`, `passkey`. */
  first_factor: string;
  /** 1 when the first factor was right; a challenge for a wrong password looks the same outside. */
  first_factor_passed: number;
  /** `verify` (a factor is enrolled) or `enrol` (the role requires one and there is none yet). */
  kind: string;
  /** For `enrol`: the sealed secret offered during sign-in, until a code confirms it. */
  pending_secret_sealed: string | null;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  user_agent: string | null;
  client_address: string | null;
}

export interface SecondFactorRoleRequirementsTable {
  /** A role whose members must have a second factor to get a session. */
  role: string;
  required_at: number;
  /** The admin who required it. */
  required_by: string | null;
}

/** The second factor's tables, merged into `GateDatabase`. */
export interface SecondFactorTables {
  second_factor_totp: SecondFactorTotpTable;
  second_factor_recovery_codes: SecondFactorRecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  second_factor_role_requirements: SecondFactorRoleRequirementsTable;
}
