import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/**
 * Route guards as Fastify `preHandler` hooks. Each delegates to the gate's access control, which
 * throws a GateError (401 anonymous, 403 not allowed) that the error handler turns into a reply.
 *
 * @example
 * app.post('/keys', { preHandler: requireDeveloper, schema }, handler);
 */
function guard(check: (request: FastifyRequest) => void): preHandlerAsyncHookHandler {
  return async function guardHook(this: unknown, request: FastifyRequest) {
    check(request);
  };
}

export const requireAuth = guard((request) => request.server.gate.access.requireAuth(request.user));
export const requireDeveloper = guard((request) => request.server.gate.access.requireDeveloper(request.user));
export const requireStaff = guard((request) => request.server.gate.access.requireStaff(request.user));

/** Passes users with `role` (admins always pass). */
export function requireRole(role: string): preHandlerAsyncHookHandler {
  return guard((request) => request.server.gate.access.requireRole(request.user, role));
}

/** Passes users whose roles grant `permission`. */
export function requirePermission(permission: string): preHandlerAsyncHookHandler {
  return guard((request) => request.server.gate.access.requirePermission(request.user, permission));
}

/** Passes users whose membership covers `feature`; admins bypass. */
export function requireMembership(feature: string): preHandlerAsyncHookHandler {
  return guard((request) => request.server.gate.access.requireMembership(request.user, feature));
}
