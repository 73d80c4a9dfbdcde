import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionClaims, SessionTokens } from '../ports/session-tokens.js';
import { assertSessionSecret, MAX_SESSION_TOKEN_LENGTH, readSessionClaims } from './session-token-rules.js';

const HEADER = encodeSegment({ alg: 'HS256', typ: 'JWT' });

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function parseSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The gate's own {@link SessionTokens}: HS256 compact JWTs written with `node:crypto`, so the
 * gate runs on its own (its tests, the CLI, a library user's `createGate`). It is the default of
 * `createGate` when no `sessionTokens` is given; the server passes its `@fastify/jwt` one. The
 * tokens of both are byte for byte the same. Throws `GATE_NOT_CONFIGURED` for a secret under 32 bytes.
 *
 * @example
 * const tokens = createHmacSessionTokens({ secret: config.jwtSecret });
 * const token = await tokens.sign({ sid, sub: user.id, iat: 1767225600, exp: 1767830400 });
 * const claims = await tokens.verify(token, clock.now()); // null once past exp
 */
export function createHmacSessionTokens(options: { secret: string }): SessionTokens {
  const { secret } = options;
  assertSessionSecret(secret);
  const mac = (input: string): Buffer => createHmac('sha256', secret).update(input).digest();
  return {
    async sign(claims: SessionClaims) {
      const payload = encodeSegment({ sid: claims.sid, sub: claims.sub, iat: claims.iat, exp: claims.exp });
      const input = `${HEADER}.${payload}`;
      return `${input}.${mac(input).toString('base64url')}`;
    },
    async verify(token, now) {
      if (typeof token !== 'string' || token.length > MAX_SESSION_TOKEN_LENGTH) return null;
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      const expected = mac(`${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return readSessionClaims(
        { header: parseSegment(header), payload: parseSegment(payload), signature },
        now,
      );
    },
  };
}
