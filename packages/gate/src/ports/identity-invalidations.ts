/**
 * One change to what credentials may do, as told to the other server instances: a user (every
 * credential of theirs), one session or API key by its id, or one credential by the SHA-256 of
 * its cache key — never the credential itself.
 */
export type IdentityInvalidationMessage =
  | { kind: 'user'; userId: string }
  | { kind: 'credential'; credentialId: string }
  | { kind: 'credential-hash'; hash: string };

/** What the gate does with the invalidations of other instances. */
export interface IdentityInvalidationListener {
  /** Another instance (or this one, echoed) changed what a credential may do. */
  received(message: IdentityInvalidationMessage): void;
  /** The bus was down and is back: messages may have been lost meanwhile, so forget everything. */
  resumed(): void;
}

/**
 * The bus that carries identity-cache invalidations between the server instances sharing one
 * database (the server's is its broadcast: Redis pub/sub or PostgreSQL `LISTEN/NOTIFY`). The
 * gate clears its own cache first and then publishes, fire-and-forget; a lost message is bounded
 * by the cache lifetime, and while {@link IdentityInvalidations.isLive} is false the gate trusts
 * no cached identity older than a second.
 */
export interface IdentityInvalidations {
  /** Tells every instance (failures are the adapter's to log: the cache lifetime backs them). */
  publish(message: IdentityInvalidationMessage): void;
  /** Registers the gate's listener (called once, by `createGate`). */
  subscribe(listener: IdentityInvalidationListener): void;
  /** False while invalidations of other instances may be missed. */
  isLive(): boolean;
}
