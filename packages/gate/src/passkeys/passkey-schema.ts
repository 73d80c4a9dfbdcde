/** One registered WebAuthn credential (migration `0007_passkeys`). */
export interface PasskeyCredentialsTable {
  /** The credential id the authenticator chose, base64url. */
  id: string;
  user_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
  counter: number;
  /** JSON array of transports the browser reported (`internal`, `hybrid`, `usb`…). */
  transports: string;
  /** `singleDevice` or `multiDevice` (a synced passkey). */
  device_type: string;
  /** 1 when the authenticator says the credential is backed up, else 0. */
  backed_up: number;
  /** The owner's label for it ("Laptop"). */
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A challenge handed out for one ceremony; only its SHA-256 is kept. */
export interface PasskeyChallengesTable {
  /** SHA-256 (hex) of the base64url challenge. */
  challenge_hash: string;
  /** `registration` (bound to `user_id`) or `sign-in` (anyone). */
  purpose: string;
  user_id: string | null;
  created_at: number;
  expires_at: number;
  /** Set when a verification consumed it: a challenge works once. */
  used_at: number | null;
}

/** The passkey tables, merged into `GateDatabase`. */
export interface PasskeyTables {
  passkey_credentials: PasskeyCredentialsTable;
  passkey_challenges: PasskeyChallengesTable;
}
