import type { Kysely } from 'kysely';
import type { GateDatabase } from './db/schema.js';
import type { Clock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';

/** A user's paid membership as the guards see it. Filled by the membership module (issue 4). */
export interface Membership {
  plan: string | null;
  /** `none` until a plan is granted or bought. */
  status: string;
  features: string[];
  periodEnd: number | null;
}

/** The user attached to every request (`req.user`), or null when anonymous. */
export interface RequestUser {
  id: string;
  email: string;
  roles: string[];
  /** Every permission the roles grant (the role → permission map is configuration). */
  permissions: string[];
  membership: Membership;
  isAdmin: boolean;
  isDeveloper: boolean;
  isStaff: boolean;
  emailVerified: boolean;
  /** How the request authenticated. */
  via: 'session' | 'api-key';
  /** The session (via `session`) or API key (via `api-key`) that authenticated it. */
  credentialId: string;
}

/** A user as returned to clients: never the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  roles: string[];
  emailVerified: boolean;
  createdAt: number;
}

/** Gate configuration; every field but the secrets has a default. */
export interface GateConfig {
  /**
   * HS256 secret of the gate's own session tokens (`createHmacSessionTokens`), at least 32
   * bytes. Required unless `createGate` is given `sessionTokens`, which then hold their own secret.
   */
  jwtSecret?: string;
  /** Pepper for API-key hashing (at least 32 bytes). */
  apiKeyPepper: string;
  /** Development switch: sign-up verifies the email at once instead of mailing a link. */
  autoVerify?: boolean;
  /** Session lifetime; default 7 days. */
  sessionTtlMs?: number;
  /** Verification link lifetime; default 24 hours. */
  verificationTtlMs?: number;
  /** Base of verification links; the token is appended as `?token=`. Default `http://localhost:3000/auth/verify`. */
  verifyUrl?: string;
  /** Role → permissions. Defaults in `DEFAULT_ROLE_PERMISSIONS`. */
  rolePermissions?: Record<string, readonly string[]>;
  /** scrypt cost as log2(N); default 17 (N = 131072, r = 8, p = 1). Lower only in tests. */
  passwordCost?: number;
  /**
   * How long a resolved session or API key is trusted without a database read; default 1000 ms,
   * 0 disables. Changes made through the gate apply at once regardless; the lifetime only bounds
   * how long a change made elsewhere (another instance, a manual edit) can go unseen.
   */
  identityCacheMs?: number;
  /**
   * Collections the data route may read and delete but never create, patch or clone into:
   * records a server area writes itself (run records, say), which a user must not forge.
   * Default none.
   */
  serverWrittenCollections?: readonly string[];
  /**
   * Bytes one non-admin user may keep in one collection of the data route: every document's body
   * (UTF-8 JSON) plus 256 bytes each. A create, clone or growing patch past it is
   * `GATE_QUOTA_EXCEEDED`. Default 64 MiB; 0 turns the quota off. Admins are not limited.
   */
  dataQuotaBytes?: number;
  /**
   * Most documents one user may keep in a collection, by collection (`{ automations: 100 }`): a
   * create or clone past it is `GATE_QUOTA_EXCEEDED`, for every user, admins included. Collections
   * not named have no count limit (the byte quota still applies). Default none.
   */
  maxDocumentsPerOwner?: Readonly<Record<string, number>>;
  /** How long a mailed password-reset link works (issue 27, recovery); default 30 minutes. */
  passwordResetTtlMs?: number;
  /** The console page reset links open; the token is appended as `#token=`. Default `http://localhost:3000/reset-password`. */
  passwordResetUrl?: string;
}

/** A gate configuration with its defaults filled in (`jwtSecret` stays optional). */
export type ResolvedGateConfig = Required<Omit<GateConfig, 'jwtSecret'>> & Pick<GateConfig, 'jwtSecret'>;

/** What every gate service is built from. */
export interface GateDeps {
  db: Kysely<GateDatabase>;
  mailer: Mailer;
  clock: Clock;
  config: ResolvedGateConfig;
}
