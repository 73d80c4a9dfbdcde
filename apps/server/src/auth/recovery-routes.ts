import type { FastifyPluginAsync } from 'fastify';
import { rateLimitOf } from './auth-rate-limits.js';
import { forgotPasswordSchema, resetPasswordSchema } from './recovery-route-schemas.js';

/**
 * Forgotten passwords (issue 27): `POST /auth/password/forgot` mails a reset link and answers 202
 * before the mail is handed over, the same for every address; `POST /auth/password/reset` sets
 * the new password with the link's token. Delivery failures are logged, never answered.
 *
 * @example
 * await app.register(recoveryRoutes);
 * // POST /auth/password/forgot { "email": "ada@example.com" } → 202 { "status": "accepted" }
 * // POST /auth/password/reset { "token": "…", "password": "…" } → 200 { "user": { … } }
 */
export const recoveryRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { email: string } }>(
    '/password/forgot',
    { schema: forgotPasswordSchema, config: { rateLimit: rateLimitOf('forgot') } },
    async (request, reply) => {
      const { delivery } = await app.gate.recovery.requestReset({ email: request.body.email });
      delivery.catch((error: unknown) =>
        request.log.warn({ err: error }, 'password-reset mail not delivered'),
      );
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/password/reset',
    { schema: resetPasswordSchema, config: { rateLimit: rateLimitOf('reset') } },
    async (request) => {
      const { user, notice } = await app.gate.recovery.resetPassword(request.body);
      notice.catch((error: unknown) =>
        request.log.warn({ err: error }, 'password-changed notice not delivered'),
      );
      return { user };
    },
  );
};
