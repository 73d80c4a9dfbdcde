import type { MembershipTables } from '../membership/membership-schema.js';
import type { PasskeyTables } from '../passkeys/passkey-schema.js';
import type { SecondFactorTables } from '../second-factor/second-factor-schema.js';
import type { SsoTables } from '../sso/sso-schema.js';
import type { WalletTables } from '../wallet/wallet-schema.js';

/**
 * The gate's tables, as Kysely sees them. Times are epoch milliseconds (`bigint` columns; the
 * server's PostgreSQL adapter parses int8 as numbers). Booleans are 0/1 integers and JSON is
 * text, so one set of migrations serves SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  /** Normalised: trimmed, lower-cased. Unique. */
  email: string;
  /** PHC-style string: `$scrypt$ln=17,r=8,p=1$salt$hash`. */
  password_hash: string;
  /** JSON array of role names. */
  roles: string;
  email_verified_at: number | null;
  created_at: number;
  updated_at: number;
  /**
   * When an admin disabled the account (migration `0004_account_disabled`), null while enabled. A
   * disabled account's sessions and API keys authenticate nothing; its data stays.
   */
  disabled_at: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** Set on logout, password change or revocation; a revoked session never authenticates again. */
  revoked_at: number | null;
  user_agent: string | null;
  /** When a request last used the session (migration `0005`), written at most once a minute; null before. */
  last_seen_at: number | null;
  /** The client address that signed in (migration `0005`); null for older sessions. */
  client_address: string | null;
}

export interface VerificationTokensTable {
  /** SHA-256 of the token: the token itself is only ever in the link. */
  token_hash: string;
  user_id: string;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ApiKeysTable {
  /** The public id embedded in the key (`svc_<id>_<secret>`). */
  id: string;
  user_id: string;
  name: string;
  /** HMAC-SHA256 of the secret with the server pepper, hex. */
  secret_hash: string;
  /** First characters of the key, shown in listings. */
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface DocumentsTable {
  id: string;
  collection: string;
  owner: string;
  /** `private` | `public` | `unlisted`. */
  visibility: string;
  created_at: number;
  updated_at: number;
  /** The document's own fields as JSON text (system fields are columns, not repeated here). */
  body: string;
}

/** Every table the gate owns. */
export interface GateDatabase
  extends WalletTables,
    MembershipTables,
    SecondFactorTables,
    SsoTables,
    PasskeyTables {
  users: UsersTable;
  sessions: SessionsTable;
  verification_tokens: VerificationTokensTable;
  api_keys: ApiKeysTable;
  documents: DocumentsTable;
}
