import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { requireAuth, requireRole } from '../plugins/guards.js';
import { balanceSchema, grantSchema, historySchema, spendSchema } from './token-route-schemas.js';

/** Spends per client IP per minute: generous for apps (spends are cheap and idempotent), a brake on a runaway loop. */
export const TOKEN_SPEND_RATE_LIMIT = 600;

const spendRateLimit: RouteShorthandOptions['config'] = {
  rateLimit: {
    max: TOKEN_SPEND_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.ip,
  },
};

/** The signed-in caller's id; the guard on every route has already refused anonymous callers. */
function callerId(request: FastifyRequest): string {
  if (request.user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return request.user.id;
}

/**
 * `GET /tokens/balance`, `POST /tokens/spend`, `GET /tokens/history` and `POST /tokens/grant`
 * (admins). Register with prefix `/tokens`. The wallet re-checks every amount, so these only translate.
 *
 * @example
 * await app.register(tokenRoutes, { prefix: '/tokens' });
 * // POST /tokens/spend { "amount": 10, "reason": "export", "idempotencyKey": "k1" } → 200 { "balance": 990, … }
 */
export const tokenRoutes: FastifyPluginAsync = async (app) => {
  app.get('/balance', { schema: balanceSchema, preValidation: requireAuth }, async (request) =>
    app.gate.wallet.balance({ userId: callerId(request) }),
  );

  app.post<{ Body: { amount: number; reason: string; idempotencyKey: string } }>(
    '/spend',
    { schema: spendSchema, preValidation: requireAuth, config: spendRateLimit },
    async (request) => app.gate.wallet.spend({ userId: callerId(request), ...request.body }),
  );

  app.get<{ Querystring: { cursor?: string; limit?: number } }>(
    '/history',
    { schema: historySchema, preValidation: requireAuth },
    async (request) => app.gate.wallet.history({ userId: callerId(request), ...request.query }),
  );

  app.post<{ Body: { userId: string; amount: number; reason: string; idempotencyKey?: string } }>(
    '/grant',
    { schema: grantSchema, preValidation: requireRole('admin') },
    async (request) => {
      const change = await app.gate.wallet.grant({ ...request.body, by: callerId(request) });
      // A replayed grant (same idempotency key) moved nothing: it is not a second action.
      if (request.user && !change.replayed)
        await app.adminAudit.record({
          actor: request.user,
          action: 'tokens.granted',
          targetUserId: request.body.userId,
          details: { amount: request.body.amount, reason: request.body.reason, balance: change.balance },
        });
      return change;
    },
  );
};
