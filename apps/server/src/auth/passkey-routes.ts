import type { AuthenticationResponseJSON, RegistrationResponseJSON, RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isCrossSite } from '../plugins/gate-plugin.js';
import { requireAuth } from '../plugins/guards.js';
import { sessionCookieOptions } from './auth-session-cookie.js';
import {
  listPasskeysSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginVerifySchema,
  passkeySecondFactorOptionsSchema,
  registrationOptionsSchema,
  registrationVerifySchema,
  removePasskeySchema,
  renamePasskeySchema,
} from './passkey-route-schemas.js';

/** Per-client-IP limit of each passkey options and sign-in route: each options call stores a challenge. */
export const PASSKEY_LOGIN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;
const loginRateLimit = { ...PASSKEY_LOGIN_RATE_LIMIT, keyGenerator: (request: FastifyRequest) => request.ip };

/**
 * The signed-in user, who must have come with a session: an API key may list passkeys but never
 * add, rename or remove one (a key that could add a passkey could take the account over).
 */
function requireSessionUser(request: FastifyRequest): RequestUser {
  const user = request.user as RequestUser;
  if (user.via !== 'session')
    throw new GateError(
      'GATE_FORBIDDEN',
      'Passkeys are managed from a signed-in session, not with an API key.',
    );
  return user;
}

function readUserAgent(request: FastifyRequest): string | undefined {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : undefined;
}

/**
 * /auth/passkeys: add a passkey (options → verify), list, rename and remove mine, the
 * password-less sign-in (options → verify, which sets the session cookie as /auth/login does),
 * and the options of a passkey answering the second step (answered at /auth/login/second-factor).
 * Registered from the auth plugin under `/auth`.
 *
 * @example
 * await app.register(passkeyRoutes);
 * // POST /auth/passkeys/login/options → { challenge, rpId, userVerification: 'required', … }
 */
export const passkeyRoutes: FastifyPluginAsync = async (app) => {
  const config = app.svcConfig;
  const passkeys = app.gate.passkeys;
  // As for /auth/login: another site must not sign a browser in (login CSRF).
  const refuseCrossSite = async (request: FastifyRequest) => {
    if (isCrossSite(request, config.publicUrl))
      throw new GateError('GATE_CROSS_SITE_REQUEST', 'Sign in from this site only.');
  };

  app.get('/passkeys', { schema: listPasskeysSchema, preHandler: requireAuth }, async (request) => ({
    passkeys: await passkeys.list({ userId: (request.user as RequestUser).id }),
    enabled: passkeys.enabled,
  }));

  app.post(
    '/passkeys/registration/options',
    { schema: registrationOptionsSchema, preHandler: requireAuth, config: { rateLimit: loginRateLimit } },
    async (request) => passkeys.startRegistration({ userId: requireSessionUser(request).id }),
  );

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>(
    '/passkeys/registration/verify',
    { schema: registrationVerifySchema, preHandler: requireAuth },
    async (request, reply) => {
      const passkey = await passkeys.finishRegistration({
        userId: requireSessionUser(request).id,
        name: request.body.name,
        response: request.body.response,
      });
      return reply.status(201).send({ passkey });
    },
  );

  app.patch<{ Params: { id: string }; Body: { name: string } }>(
    '/passkeys/:id',
    { schema: renamePasskeySchema, preHandler: requireAuth },
    async (request) => ({
      passkey: await passkeys.rename({
        userId: requireSessionUser(request).id,
        id: request.params.id,
        name: request.body.name,
      }),
    }),
  );

  app.delete<{ Params: { id: string } }>(
    '/passkeys/:id',
    { schema: removePasskeySchema, preHandler: requireAuth },
    async (request, reply) => {
      await passkeys.remove({ userId: requireSessionUser(request).id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/passkeys/login/options',
    { schema: passkeyLoginOptionsSchema, preHandler: refuseCrossSite, config: { rateLimit: loginRateLimit } },
    async () => passkeys.startSignIn(),
  );

  // The second step of a password sign-in: the challenge alone names the account.
  app.post<{ Body: { challenge: string } }>(
    '/passkeys/second-factor/options',
    {
      schema: passkeySecondFactorOptionsSchema,
      preHandler: refuseCrossSite,
      config: { rateLimit: loginRateLimit },
    },
    async (request) => app.gate.secondFactor.startPasskeyAnswer({ challenge: request.body.challenge }),
  );

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/passkeys/login/verify',
    { schema: passkeyLoginVerifySchema, preHandler: refuseCrossSite, config: { rateLimit: loginRateLimit } },
    async (request, reply) => {
      const { user, session } = await passkeys.finishSignIn({
        response: request.body.response,
        userAgent: readUserAgent(request),
        clientAddress: request.ip,
      });
      const maxAge = Math.floor((session.expiresAt - session.issuedAt) / 1000);
      reply.setCookie(config.cookieName, session.token, sessionCookieOptions(config, maxAge));
      return { user, expiresAt: session.expiresAt };
    },
  );
};
