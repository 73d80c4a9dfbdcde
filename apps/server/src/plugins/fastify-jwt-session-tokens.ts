import fastifyJwt, { type JWT } from '@fastify/jwt';
import {
  assertSessionSecret,
  MAX_SESSION_TOKEN_LENGTH,
  type RequestUser,
  readSessionClaims,
  SESSION_CLAIM_NAMES,
  SESSION_TOKEN_ALGORITHM,
  type SessionTokens,
  type SignatureCheckedToken,
} from '@svc/gate';
import type { FastifyInstance } from 'fastify';

declare module '@fastify/jwt' {
  // `request.user` is the gate's (gate-plugin.ts); @fastify/jwt's own request decorators are
  // never registered on the app (see below), so its typing defers to the gate's.
  interface FastifyJWT {
    user: RequestUser | null;
  }
}

function isTokenError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FAST_JWT_');
}

/**
 * Registers `@fastify/jwt` for session tokens and returns the gate's `SessionTokens` port over
 * it: HS256 only (signing and verifying), every claim required, no clock tolerance, and `exp`
 * checked against the time the gate passes (its injected clock) through fast-jwt's
 * `clockTimestamp`, with a verifier built for that call. The header and claims rules end in the
 * gate's `readSessionClaims`, shared with its own implementation; tokens are byte for byte those
 * the gate signed before. Throws `GATE_NOT_CONFIGURED` for a secret under 32 bytes.
 *
 * The plugin lives in a scope of its own, so its `request.jwtVerify`, `request.jwtDecode` and
 * `reply.jwtSign` (which read the Authorization header and the wall clock) are not on the app:
 * session tokens are verified only through this port, by the gate.
 *
 * @example
 * const sessionTokens = await registerSessionTokens(app, { secret: config.jwtSecret });
 * const gate = createServerGate({ config, db, mailer, payments, dataEvents, sessionTokens });
 */
export async function registerSessionTokens(
  app: FastifyInstance,
  options: { secret: string },
): Promise<SessionTokens> {
  assertSessionSecret(options.secret);
  let jwt: JWT | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: SESSION_TOKEN_ALGORITHM },
      verify: {
        algorithms: [SESSION_TOKEN_ALGORITHM],
        requiredClaims: [...SESSION_CLAIM_NAMES],
        clockTolerance: 0,
        cache: false,
      },
      decoratorName: 'sessionTokenClaims',
    });
    jwt = scope.jwt;
  });
  if (!jwt) throw new Error('@fastify/jwt did not decorate its scope');
  const tokens = jwt;
  return {
    async sign({ sid, sub, iat, exp }) {
      // Exactly these four claims, in this order: the bytes the gate has always signed.
      return tokens.sign({ sid, sub, iat, exp });
    },
    async verify(token, now) {
      if (typeof token !== 'string' || token === '' || token.length > MAX_SESSION_TOKEN_LENGTH) return null;
      try {
        const checked = tokens.verify<SignatureCheckedToken>(token, { clockTimestamp: now, complete: true });
        return readSessionClaims(checked, now);
      } catch (error) {
        // A refused token is fast-jwt's TokenError; anything else is a bug and surfaces.
        if (isTokenError(error)) return null;
        throw error;
      }
    },
  };
}
