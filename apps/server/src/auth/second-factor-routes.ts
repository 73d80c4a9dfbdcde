import type { AuthenticationResponseJSON, RequestUser, SecondFactorProof, TotpEnrolment } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { isCrossSite } from '../plugins/gate-plugin.js';
import { requireAuth, requireRole } from '../plugins/guards.js';
import { sessionCookieOptions } from './auth-session-cookie.js';
import {
  beginTotpSchema,
  completeSignInSchema,
  confirmTotpSchema,
  listRoleRequirementsSchema,
  loginEnrolmentSchema,
  regenerateRecoveryCodesSchema,
  removeTotpSchema,
  setRoleRequirementSchema,
  statusSchema,
} from './second-factor-route-schemas.js';

/** Per-client-IP limits: codes have 6 digits, so answers are limited like passwords (and per account by the gate). */
export const SECOND_FACTOR_RATE_LIMITS = {
  answer: { max: 10, timeWindow: '1 minute' },
  manage: { max: 20, timeWindow: '1 minute' },
} as const;

function rateLimitOf(name: keyof typeof SECOND_FACTOR_RATE_LIMITS) {
  return { ...SECOND_FACTOR_RATE_LIMITS[name], keyGenerator: (request: FastifyRequest) => request.ip };
}

function readUserAgent(request: FastifyRequest): string | undefined {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : undefined;
}

/** The enrolment with its QR code drawn server side, so the console loads no QR library. */
async function withQrCode(enrolment: TotpEnrolment) {
  const qrSvg = await QRCode.toString(enrolment.otpauthUri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { ...enrolment, qrSvg };
}

/**
 * A person signed in with a session cookie: two-step settings are changed by the person at the
 * console, never with an API key (a key that leaked must not turn a second factor off).
 */
async function requireSessionUser(request: FastifyRequest): Promise<void> {
  request.server.gate.access.requireAuth(request.user);
  if (request.user?.via !== 'session')
    throw new GateError(
      'GATE_FORBIDDEN',
      'Two-step sign-in is changed from a signed-in session, not with an API key.',
    );
}

/**
 * Two-step sign-in routes (issue 27): finishing a sign-in with a code (`POST /login/second-factor`),
 * enrolling during a sign-in the role requires it for, a person's TOTP and recovery codes, and the
 * admin's role requirements. Registered inside the /auth area.
 *
 * @example
 * // POST /auth/login → 200 { "secondFactor": { "challenge": "…", "methods": ["totp", "recovery_code"], … } }
 * // POST /auth/login/second-factor { "challenge": "…", "code": "123456" } → 200 { user, expiresAt } + Set-Cookie
 */
export const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  const config = app.svcConfig;
  const refuseCrossSite = async (request: FastifyRequest) => {
    if (isCrossSite(request, config.publicUrl))
      throw new GateError('GATE_CROSS_SITE_REQUEST', 'Log in and sign up from this site only.');
  };

  app.post<{
    Body: { challenge: string; code?: string; recoveryCode?: string; passkey?: AuthenticationResponseJSON };
  }>(
    '/login/second-factor',
    {
      schema: completeSignInSchema,
      preHandler: refuseCrossSite,
      config: { rateLimit: rateLimitOf('answer') },
    },
    async (request, reply) => {
      const { challenge, code, recoveryCode, passkey } = request.body;
      const { user, session, recoveryCodes } = await app.gate.secondFactor.completeSignIn({
        challenge,
        code,
        recoveryCode,
        passkey,
        userAgent: readUserAgent(request),
        clientAddress: request.ip,
      });
      const maxAge = Math.floor((session.expiresAt - session.issuedAt) / 1000);
      reply.setCookie(config.cookieName, session.token, sessionCookieOptions(config, maxAge));
      return { user, expiresAt: session.expiresAt, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },
  );

  app.post<{ Body: { challenge: string } }>(
    '/second-factor/login-enrolment',
    {
      schema: loginEnrolmentSchema,
      preHandler: refuseCrossSite,
      config: { rateLimit: rateLimitOf('answer') },
    },
    async (request) =>
      withQrCode(await app.gate.secondFactor.beginChallengeEnrolment({ challenge: request.body.challenge })),
  );

  app.get('/second-factor', { schema: statusSchema, preHandler: requireAuth }, async (request) =>
    app.gate.secondFactor.readStatus({ userId: (request.user as RequestUser).id }),
  );

  app.post(
    '/second-factor/totp',
    { schema: beginTotpSchema, preHandler: requireSessionUser, config: { rateLimit: rateLimitOf('manage') } },
    async (request) =>
      withQrCode(await app.gate.secondFactor.beginTotp({ userId: (request.user as RequestUser).id })),
  );

  app.post<{ Body: { code: string } }>(
    '/second-factor/totp/confirm',
    {
      schema: confirmTotpSchema,
      preHandler: requireSessionUser,
      config: { rateLimit: rateLimitOf('answer') },
    },
    async (request) =>
      app.gate.secondFactor.confirmTotp({
        userId: (request.user as RequestUser).id,
        code: request.body.code,
      }),
  );

  app.post<{ Body: SecondFactorProof }>(
    '/second-factor/totp/remove',
    {
      schema: removeTotpSchema,
      preHandler: requireSessionUser,
      config: { rateLimit: rateLimitOf('answer') },
    },
    async (request, reply) => {
      await app.gate.secondFactor.removeTotp({
        userId: (request.user as RequestUser).id,
        proof: request.body,
      });
      return reply.status(204).send();
    },
  );

  app.post<{ Body: SecondFactorProof }>(
    '/second-factor/recovery-codes',
    {
      schema: regenerateRecoveryCodesSchema,
      preHandler: requireSessionUser,
      config: { rateLimit: rateLimitOf('answer') },
    },
    async (request) =>
      app.gate.secondFactor.regenerateRecoveryCodes({
        userId: (request.user as RequestUser).id,
        proof: request.body,
      }),
  );

  app.get(
    '/second-factor/roles',
    { schema: listRoleRequirementsSchema, preHandler: requireRole('admin') },
    async () => ({
      roles: await app.gate.secondFactor.listRoleRequirements(),
    }),
  );

  app.put<{ Params: { role: string }; Body: { required: boolean } }>(
    '/second-factor/roles/:role',
    { schema: setRoleRequirementSchema, preHandler: requireRole('admin') },
    async (request) => {
      const actor = request.user as RequestUser;
      const { role } = request.params;
      const { required } = request.body;
      await app.gate.secondFactor.setRoleRequirement({ role, required, by: actor.id });
      await app.adminAudit.record({
        actor,
        action: 'second-factor.role.required',
        details: { role, required },
      });
      return { role, required };
    },
  );
};
