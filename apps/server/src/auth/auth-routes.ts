import type { Mailer, RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isCrossSite } from '../plugins/gate-plugin.js';
import { requireAuth, requireRole } from '../plugins/guards.js';
import { rateLimitOf } from './auth-rate-limits.js';
import {
  loginSchema,
  logoutSchema,
  meSchema,
  outboxSchema,
  passwordSchema,
  resendVerificationSchema,
  rolesSchema,
  sessionSchema,
  signupSchema,
  verifyPageSchema,
  verifySchema,
} from './auth-route-schemas.js';
import { clearedCookieOptions, sessionCookieOptions } from './auth-session-cookie.js';
import { VERIFY_PAGE_HEADERS, VERIFY_PAGE_HTML } from './auth-verify-page.js';

/** What a client sees of `req.user`: everything but the id of the credential that authenticated it. */
function toUserView(user: RequestUser): Omit<RequestUser, 'credentialId'> {
  const { credentialId: _credentialId, ...view } = user;
  return view;
}

function readUserAgent(request: FastifyRequest): string | undefined {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : undefined;
}

/** The outbox of a mailer that keeps one (the development memory mailer). */
function readOutbox(mailer: Mailer): readonly { to: string }[] | undefined {
  const messages = (mailer as { messages?: unknown }).messages;
  return Array.isArray(messages) ? (messages as { to: string }[]) : undefined;
}

/**
 * The /auth area: sign-up, verification, login and logout with the session cookie, the current
 * user, password change, role changes (admins) and the development outbox. Register with prefix
 * `/auth`. Handlers pass only named fields to the gate: a body can never set roles or flags.
 *
 * @example
 * await app.register(authRoutes, { prefix: '/auth', mailer });
 * // POST /auth/login { "email": "ada@example.com", "password": "…" }
 * //   → 200 { "user": { … }, "expiresAt": 1767830400000 } with Set-Cookie: svc_session=…; HttpOnly; SameSite=Lax
 */
export const authRoutes: FastifyPluginAsync<{ mailer: Mailer }> = async (app, options) => {
  const config = app.svcConfig;
  // Logging in or signing up from another site's form would plant the attacker's session in the
  // victim's browser (login CSRF), so these refuse cross-site browsers even without a cookie.
  const refuseCrossSite = async (request: FastifyRequest) => {
    if (isCrossSite(request, config.publicUrl)) {
      throw new GateError('GATE_CROSS_SITE_REQUEST', 'Log in and sign up from this site only.');
    }
  };

  app.post<{ Body: { email: string; password: string } }>(
    '/signup',
    { schema: signupSchema, preHandler: refuseCrossSite, config: { rateLimit: rateLimitOf('signup') } },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await app.gate.auth.signup({ email, password, userAgent: readUserAgent(request) });
      return reply.status(201).send(result);
    },
  );

  app.post<{ Body: { token: string } }>(
    '/verify',
    { schema: verifySchema, config: { rateLimit: rateLimitOf('verify') } },
    async (request) => app.gate.auth.verify({ token: request.body.token }),
  );

  app.post<{ Body: { email: string } }>(
    '/verify/resend',
    { schema: resendVerificationSchema, config: { rateLimit: rateLimitOf('resend') } },
    async (request, reply) => {
      await app.gate.auth.resendVerification({ email: request.body.email });
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  // The mailed link lands here. GET only serves the page whose button POSTs the token above.
  app.get('/verify', { schema: verifyPageSchema }, async (_request, reply) =>
    reply.headers(VERIFY_PAGE_HEADERS).send(VERIFY_PAGE_HTML),
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/login',
    { schema: loginSchema, preHandler: refuseCrossSite, config: { rateLimit: rateLimitOf('login') } },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await app.gate.auth.login({
        email,
        password,
        userAgent: readUserAgent(request),
        clientAddress: request.ip,
      });
      // A second factor is needed (issue 27): no cookie until POST /auth/login/second-factor.
      if ('secondFactor' in result) return { secondFactor: result.secondFactor };
      const { user, session } = result;
      // From the gate's own clock, so the cookie and the session row expire together.
      const maxAge = Math.floor((session.expiresAt - session.issuedAt) / 1000);
      reply.setCookie(config.cookieName, session.token, sessionCookieOptions(config, maxAge));
      return { user, expiresAt: session.expiresAt };
    },
  );

  app.post('/logout', { schema: logoutSchema }, async (request, reply) => {
    const token = request.cookies[config.cookieName];
    if (token) await app.gate.auth.logout({ sessionToken: token });
    reply.clearCookie(config.cookieName, clearedCookieOptions(config));
    return reply.status(204).send();
  });

  app.get('/session', { schema: sessionSchema }, async (request, reply) => {
    // A cookie that no longer resolves (expired, revoked) is cleared rather than sent forever.
    if (request.user === null && request.cookies[config.cookieName]) {
      reply.clearCookie(config.cookieName, clearedCookieOptions(config));
    }
    return { user: request.user ? toUserView(request.user) : null };
  });

  app.get('/me', { schema: meSchema, preHandler: requireAuth }, async (request) =>
    toUserView(request.user as RequestUser),
  );

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/password',
    { schema: passwordSchema, preHandler: requireAuth, config: { rateLimit: rateLimitOf('password') } },
    async (request, reply) => {
      const user = request.user as RequestUser;
      await app.gate.auth.changePassword({
        userId: user.id,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        ...(user.via === 'session' ? { keepSessionId: user.credentialId } : {}),
      });
      return reply.status(204).send();
    },
  );

  app.put<{ Params: { id: string }; Body: { roles: string[] } }>(
    '/users/:id/roles',
    { schema: rolesSchema, preHandler: requireRole('admin') },
    async (request) => {
      const previous = (await app.gate.accounts.read(request.params.id)).roles;
      const user = await app.gate.auth.setRoles({ userId: request.params.id, roles: request.body.roles });
      if (request.user)
        await app.adminAudit.record({
          actor: request.user,
          action: 'user.roles.set',
          targetUserId: user.id,
          details: { previous, roles: user.roles },
        });
      return user;
    },
  );

  app.get('/outbox', { schema: outboxSchema, preHandler: requireRole('admin') }, async () => {
    const messages = readOutbox(options.mailer);
    if (!messages)
      throw new GateError('GATE_NOT_CONFIGURED', 'This server sends real mail and keeps no outbox.');
    return { messages: [...messages].reverse() };
  });
};
