import type { RequestUser } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../plugins/guards.js';
import {
  endOtherSessionsSchema,
  endOwnSessionSchema,
  listOwnSessionsSchema,
} from './session-route-schemas.js';

/** The session that made a request, when it came with one (an API key has none). */
function currentSessionOf(user: RequestUser): string | undefined {
  return user.via === 'session' ? user.credentialId : undefined;
}

/**
 * A person's own sessions (issue 27): `GET /auth/sessions`, `DELETE /auth/sessions/{id}`,
 * `POST /auth/sessions/end-others`. Only the caller's sessions are ever listed or ended.
 *
 * @example
 * await app.register(sessionRoutes);
 * // GET /auth/sessions → 200 { "sessions": [{ "id": "…", "current": true, … }] }
 */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sessions', { schema: listOwnSessionsSchema, preHandler: requireAuth }, async (request) => {
    const user = request.user as RequestUser;
    return {
      sessions: await app.gate.sessions.list({ userId: user.id, currentSessionId: currentSessionOf(user) }),
    };
  });

  app.delete<{ Params: { id: string } }>(
    '/sessions/:id',
    { schema: endOwnSessionSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = request.user as RequestUser;
      await app.gate.sessions.end({ userId: user.id, sessionId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/sessions/end-others',
    { schema: endOtherSessionsSchema, preHandler: requireAuth },
    async (request) => {
      const user = request.user as RequestUser;
      return app.gate.sessions.endOthers({ userId: user.id, keepSessionId: currentSessionOf(user) });
    },
  );
};
