/**
 * What an OpenID Connect provider said about the person, after the server's adapter validated
 * the ID token (signature, issuer, audience, expiry, nonce) and the code exchange (state, PKCE).
 * The gate trusts these claims and applies its account rules to them; it never speaks the
 * protocol itself.
 */
export interface VerifiedProviderClaims {
  /** The configured provider's id (`acme`). */
  providerId: string;
  /** The provider's `sub`: stable and unique per person at that provider. */
  subject: string;
  /** The provider's `email`, when it sent one. */
  email?: string | undefined;
  /** The provider's `email_verified`; only `true` counts as verified. */
  emailVerified?: boolean | undefined;
}

/** The request facts a session records (user agent and client address). */
export interface SessionContext {
  userAgent?: string | undefined;
  clientAddress?: string | undefined;
}
