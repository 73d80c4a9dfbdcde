import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createKey,
  createServerWithRoutes,
  errorCodeOf,
  logIn,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';
import {
  requireAuth,
  requireDeveloper,
  requireMembership,
  requirePermission,
  requireRole,
  requireStaff,
} from './guards.js';

/** One throwaway route per guard, answering 200 `{ ok: true }` when the guard passes. */
const GUARDED = {
  auth: requireAuth,
  'role-staff': requireRole('staff'),
  'role-admin': requireRole('admin'),
  'permission-run-adapter': requirePermission('run_adapter'),
  'permission-create-api-key': requirePermission('create_api_key'),
  'membership-intelligence': requireMembership('intelligence'),
  developer: requireDeveloper,
  staff: requireStaff,
} as const;
type Probe = keyof typeof GUARDED;

function addGuardedRoutes(app: FastifyInstance): void {
  for (const [name, guard] of Object.entries(GUARDED)) {
    app.get(`/test/guard/${name}`, { preHandler: guard }, async () => ({ ok: true }));
    app.post(`/test/guard/${name}`, { preHandler: guard }, async () => ({ ok: true }));
  }
}

/** Expected status per probe: 200 passes, 403 refused (401 is checked for anonymous callers). */
const EXPECTED: Record<'member' | 'developer' | 'staff' | 'admin', Record<Probe, number>> = {
  member: {
    auth: 200,
    'role-staff': 403,
    'role-admin': 403,
    'permission-run-adapter': 403,
    'permission-create-api-key': 403,
    'membership-intelligence': 403,
    developer: 403,
    staff: 403,
  },
  developer: {
    auth: 200,
    'role-staff': 403,
    'role-admin': 403,
    'permission-run-adapter': 200,
    'permission-create-api-key': 200,
    'membership-intelligence': 403,
    developer: 200,
    staff: 403,
  },
  staff: {
    auth: 200,
    'role-staff': 200,
    'role-admin': 403,
    'permission-run-adapter': 200,
    'permission-create-api-key': 403,
    'membership-intelligence': 403,
    developer: 403,
    staff: 200,
  },
  admin: {
    auth: 200,
    'role-staff': 200,
    'role-admin': 200,
    'permission-run-adapter': 200,
    'permission-create-api-key': 200,
    'membership-intelligence': 200,
    developer: 200,
    staff: 200,
  },
};

describe.each(testDatabaseTargets())('guards over HTTP on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  const cookies: Record<string, string> = {};
  let developer: SignedInUser;

  beforeAll(async () => {
    server = await createServerWithRoutes(target, addGuardedRoutes);
    cookies.member = (await signUpWithRoles(server.app, 'member@example.com', ['member'])).cookie;
    developer = await signUpWithRoles(server.app, 'dev@example.com', ['member', 'developer']);
    cookies.developer = developer.cookie;
    cookies.staff = (await signUpWithRoles(server.app, 'staff@example.com', ['member', 'staff'])).cookie;
    cookies.admin = await logIn(server.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => server?.close());

  it('answers every guard 401 GATE_UNAUTHENTICATED for anonymous callers', async () => {
    for (const probe of Object.keys(GUARDED)) {
      const response = await server.app.inject({ method: 'GET', url: `/test/guard/${probe}` });
      expect([response.statusCode, errorCodeOf(response)], probe).toEqual([401, 'GATE_UNAUTHENTICATED']);
    }
  });

  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])(
    'passes and refuses a %s as configured',
    async (who) => {
      for (const [probe, status] of Object.entries(EXPECTED[who])) {
        const response = await server.app.inject({
          method: 'GET',
          url: `/test/guard/${probe}`,
          headers: { cookie: cookies[who] as string },
        });
        expect(response.statusCode, `${who} → ${probe}`).toBe(status);
        if (status === 403) {
          const expectedCode = probe.startsWith('membership') ? 'GATE_MEMBERSHIP_REQUIRED' : 'GATE_FORBIDDEN';
          expect(errorCodeOf(response), `${who} → ${probe}`).toBe(expectedCode);
        }
      }
    },
  );

  it("applies the same guards to API-key requests, with the key owner's roles", async () => {
    const { key } = await createKey(server.app, developer, 'guards');
    for (const [probe, status] of Object.entries(EXPECTED.developer)) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/test/guard/${probe}`,
        headers: { 'x-api-key': key },
      });
      expect(response.statusCode, probe).toBe(status);
    }
  });

  it('says which role, permission or feature was missing', async () => {
    const headers = { cookie: cookies.member as string };
    const role = await server.app.inject({ method: 'GET', url: '/test/guard/role-staff', headers });
    expect(role.json().error.details).toEqual({ role: 'staff' });
    const permission = await server.app.inject({
      method: 'GET',
      url: '/test/guard/permission-run-adapter',
      headers,
    });
    expect(permission.json().error.details).toEqual({ permission: 'run_adapter' });
    const membership = await server.app.inject({
      method: 'GET',
      url: '/test/guard/membership-intelligence',
      headers,
    });
    expect(membership.json().error.details).toEqual({ feature: 'intelligence' });
  });
});
