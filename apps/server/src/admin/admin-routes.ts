import type { RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MAX_AUDIT_PAGE } from '../plugins/admin-audit-log.js';
import { requireRole } from '../plugins/guards.js';
import {
  auditSchema,
  disableSchema,
  enableSchema,
  endAllSessionsSchema,
  grantMembershipSchema,
  grantTokensSchema,
  listKeysSchema,
  listSessionsSchema,
  listUsersSchema,
  readUserSchema,
  revokeKeySchema,
  revokeSessionSchema,
  rolesCatalogueSchema,
  setRolesSchema,
} from './admin-route-schemas.js';

type UserParams = { Params: { id: string } };

/** The admin, after `requireRole('admin')` ran on the route. */
function admin(request: FastifyRequest): RequestUser {
  if (request.user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return request.user;
}

/**
 * The admin API under `/api/admin`: accounts (search, read, roles, disable and re-enable,
 * sessions, keys, membership and token grants) and the audit log. Every route needs the admin
 * role; every change is recorded in the audit log after it succeeded. The gate owns the rules
 * (last admin, self-disable, plans, grant bounds): these handlers only translate and audit.
 *
 * @example
 * await app.register(adminRoutes, { prefix: '/api/admin' });
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { accounts } = app.gate;
  app.addHook('preHandler', requireRole('admin'));

  app.get('/roles', { schema: rolesCatalogueSchema }, async () => ({
    roles: accounts.listRoles(),
    plans: app.gate.membership.catalogue.plans.map(({ id, name, features }) => ({ id, name, features })),
  }));

  app.get<{ Querystring: { search?: string; offset?: number; limit?: number } }>(
    '/users',
    { schema: listUsersSchema },
    async (request) => accounts.list(request.query),
  );

  app.get<UserParams>('/users/:id', { schema: readUserSchema }, async (request) =>
    accounts.read(request.params.id),
  );

  app.put<UserParams & { Body: { roles: string[] } }>(
    '/users/:id/roles',
    { schema: setRolesSchema },
    async (request) => {
      const before = await accounts.read(request.params.id);
      await app.gate.auth.setRoles({ userId: before.id, roles: request.body.roles });
      const after = await accounts.read(before.id);
      await app.adminAudit.record({
        actor: admin(request),
        action: 'user.roles.set',
        targetUserId: after.id,
        details: { previous: before.roles, roles: after.roles },
      });
      return after;
    },
  );

  app.post<UserParams & { Body: { reason?: string } | undefined }>(
    '/users/:id/disable',
    { schema: disableSchema },
    async (request) => {
      const actor = admin(request);
      const before = await accounts.read(request.params.id);
      const after = await accounts.setDisabled({ userId: before.id, disabled: true, by: actor.id });
      if (before.disabledAt === null) {
        const reason = request.body?.reason?.trim();
        await app.adminAudit.record({
          actor,
          action: 'user.disabled',
          targetUserId: after.id,
          details: reason ? { reason } : {},
        });
      }
      return after;
    },
  );

  app.post<UserParams>('/users/:id/enable', { schema: enableSchema }, async (request) => {
    const actor = admin(request);
    const before = await accounts.read(request.params.id);
    const after = await accounts.setDisabled({ userId: before.id, disabled: false, by: actor.id });
    if (before.disabledAt !== null)
      await app.adminAudit.record({ actor, action: 'user.enabled', targetUserId: after.id });
    return after;
  });

  app.get<UserParams>('/users/:id/sessions', { schema: listSessionsSchema }, async (request) => ({
    sessions: await accounts.listSessions(request.params.id),
  }));

  app.delete<{ Params: { id: string; sessionId: string } }>(
    '/users/:id/sessions/:sessionId',
    { schema: revokeSessionSchema },
    async (request, reply) => {
      const { id, sessionId } = request.params;
      await accounts.revokeSession({ userId: id, sessionId });
      // The session id is a credential's handle, not the credential: only its start is kept.
      await app.adminAudit.record({
        actor: admin(request),
        action: 'user.session.revoked',
        targetUserId: id,
        details: { session: `${sessionId.slice(0, 8)}…` },
      });
      return reply.status(204).send();
    },
  );

  app.post<UserParams>('/users/:id/sessions/end-all', { schema: endAllSessionsSchema }, async (request) => {
    const target = await accounts.read(request.params.id);
    const result = await app.gate.sessions.endAll({ userId: target.id });
    await app.adminAudit.record({
      actor: admin(request),
      action: 'user.sessions.ended',
      targetUserId: target.id,
      details: { ended: result.ended },
    });
    return result;
  });

  app.get<UserParams>('/users/:id/keys', { schema: listKeysSchema }, async (request) => ({
    keys: await accounts.listKeys(request.params.id),
  }));

  app.delete<{ Params: { id: string; keyId: string } }>(
    '/users/:id/keys/:keyId',
    { schema: revokeKeySchema },
    async (request, reply) => {
      const { id, keyId } = request.params;
      const key = (await accounts.listKeys(id)).find((candidate) => candidate.id === keyId);
      await accounts.revokeKey({ userId: id, keyId });
      await app.adminAudit.record({
        actor: admin(request),
        action: 'user.key.revoked',
        targetUserId: id,
        details: { keyId, name: key?.name ?? null, prefix: key?.prefix ?? null },
      });
      return reply.status(204).send();
    },
  );

  app.put<UserParams & { Body: { plan: string | null } }>(
    '/users/:id/membership',
    { schema: grantMembershipSchema },
    async (request) => {
      const before = await accounts.read(request.params.id);
      await app.gate.membership.grant({ userId: before.id, plan: request.body.plan });
      await app.adminAudit.record({
        actor: admin(request),
        action: 'membership.granted',
        targetUserId: before.id,
        details: { previous: before.membership.plan, plan: request.body.plan },
      });
      return accounts.read(before.id);
    },
  );

  app.post<UserParams & { Body: { amount: number; reason: string } }>(
    '/users/:id/tokens',
    { schema: grantTokensSchema },
    async (request) => {
      const actor = admin(request);
      const { amount, reason } = request.body;
      const change = await app.gate.wallet.grant({ userId: request.params.id, amount, reason, by: actor.id });
      await app.adminAudit.record({
        actor,
        action: 'tokens.granted',
        targetUserId: request.params.id,
        details: { amount, reason, balance: change.balance },
      });
      return accounts.read(request.params.id);
    },
  );

  app.get<{ Querystring: { cursor?: string; limit?: number; userId?: string } }>(
    '/audit',
    { schema: auditSchema },
    async (request) => {
      const { cursor, limit, userId } = request.query;
      return app.adminAudit.list({
        limit: limit ?? Math.min(50, MAX_AUDIT_PAGE),
        ...(cursor === undefined ? {} : { cursor }),
        ...(userId === undefined ? {} : { targetUserId: userId }),
      });
    },
  );
};
