/**
 * The tables of single sign-on (migration `0008_external_identities`). Times are epoch ms.
 */
export interface ExternalIdentitiesTable {
  /** The provider's id in the server's configuration (`SVC_SSO_PROVIDERS`), e.g. `acme`. */
  provider_id: string;
  /** The provider's stable subject (`sub`) of the person: with `provider_id`, the primary key. */
  subject: string;
  user_id: string;
  /** The provider's email when the identity was linked (normalised), kept for the Account screen. */
  email_at_link: string | null;
  created_at: number;
}

/**
 * Accounts a single sign-on created, which therefore have no password of their own: the users row
 * holds the hash of a random secret nobody knows (so a password sign-in costs and fails like any
 * other). The account has a password again as soon as its `password_hash` differs from the one
 * recorded here (a reset or a change replaced it).
 */
export interface PasswordlessAccountsTable {
  user_id: string;
  /** The placeholder `users.password_hash` written at creation. */
  placeholder_password_hash: string;
  created_at: number;
}

/** The single sign-on tables, merged into the gate's `GateDatabase`. */
export interface SsoTables {
  external_identities: ExternalIdentitiesTable;
  passwordless_accounts: PasswordlessAccountsTable;
}
