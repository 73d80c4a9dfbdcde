/** The claims of a session token. Times are NumericDate: whole seconds since the epoch. */
export interface SessionClaims {
  /** Session id: the `sessions` row that must still be live. */
  sid: string;
  /** User id. */
  sub: string;
  iat: number;
  exp: number;
}

/**
 * Signs and verifies session tokens. The gate calls `sign` at login and `verify` on every
 * request carrying the session cookie (and at logout); the `sessions` row named by `sid` is
 * checked afterwards, so a token is only half of a session.
 *
 * The contract every implementation keeps (`SESSION_TOKEN_CONTRACT` in `@svc/gate/testing`
 * checks it through the gate, in process and over HTTP):
 * - a token is a compact JWS (RFC 7515) — a JWT — signed with HMAC-SHA256 under one secret of at
 *   least 32 bytes; its header is exactly `{"alg":"HS256","typ":"JWT"}` and its payload the four
 *   claims, so tokens are interchangeable between implementations;
 * - `verify` accepts only that: a header with `alg: HS256` and nothing else but `typ: JWT`
 *   (`none`, every other algorithm, `kid`, `jku`, `crit`… are refused even when signed with the
 *   right secret), a signature that matches (compared in constant time) spelled in canonical
 *   base64url, all four claims present and well typed (`sid` and `sub` non-empty strings, `iat`
 *   and `exp` non-negative safe integers), and `now` strictly before `exp` with no clock
 *   tolerance — `now` is the gate's clock, never the implementation's own;
 * - `verify` resolves to null for anything else, whatever the input (a token longer than
 *   `MAX_SESSION_TOKEN_LENGTH` is refused before any work), and never rejects;
 * - `sign` writes the given claims as they are (it adds none).
 *
 * Implementations: the gate's own `createHmacSessionTokens` (node:crypto; the default of
 * `createGate`) and the server's, over `@fastify/jwt`. Both end in `readSessionClaims`, the one
 * definition of the header and claims rules above.
 */
export interface SessionTokens {
  /** The compact JWS of `claims`. */
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of `token` when it is a valid session token at `now` (epoch ms), else null. */
  verify(token: string, now: number): Promise<SessionClaims | null>;
}
