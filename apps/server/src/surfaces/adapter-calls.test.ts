import { ActivityError } from '@svc/activity-core';
import { GateError } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { CapabilityError } from '../errors/capability-error.js';
import {
  createKey,
  createServerWithRoutes,
  errorCodeOf,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';

/** Capabilities of one system that fail in every typed way, or echo. */
function faulty<Args>(
  fn: string,
  run: Capability<Args>['run'],
  input: Record<string, unknown> = { type: 'object' },
) {
  return defineCapability<Args, unknown>({
    id: `faulty.${fn}`,
    plane: 'adapter',
    title: fn,
    description: `${fn} on purpose.`,
    input,
    policy: { access: 'account' },
    run,
  });
}

const capabilities = [
  faulty('upstream', async () => {
    throw new CapabilityError('CAP_UPSTREAM_FAILED', 'The system did not answer.', {
      details: { retryAfterMs: 1000 },
    });
  }),
  faulty('unconfigured', async () => {
    throw new CapabilityError('CAP_NOT_CONFIGURED', 'No credentials for the system.');
  }),
  faulty('payment', async () => {
    throw new GateError('GATE_PAYMENT_REQUIRED', 'Top up first.');
  }),
  faulty('generation', async () => {
    throw new ActivityError('ACT_GENERATION_FAILED', 'No arrangement.');
  }),
  faulty('crash', async () => {
    throw new Error('secret internals');
  }),
  faulty('whoami', async (_args, { user }) => ({ id: user?.id, roles: user?.roles, via: user?.via }), {
    type: 'object',
    additionalProperties: false,
  }),
  faulty<{ refuse?: boolean; count?: number }>('echo', async (args) => args, {
    type: 'object',
    properties: { refuse: { type: 'boolean' }, count: { type: 'integer', default: 1 } },
  }),
  defineCapability({
    id: 'faulty.adminOnly',
    plane: 'adapter',
    title: 'Admins only',
    description: 'A role beyond run_adapter.',
    input: { type: 'object' },
    policy: { access: 'account', role: 'admin' },
    run: async () => ({ ok: true }),
  }),
];

describe.each(testDatabaseTargets())(
  'adapter calls: context, failures and the capability policy on $name',
  (target) => {
    let server: Pick<TestServer, 'app' | 'database' | 'close'>;
    let developer: SignedInUser;

    beforeAll(async () => {
      server = await createServerWithRoutes(target, () => undefined, { capabilities });
      developer = await signUpWithRoles(server.app, 'dev@example.com', ['member', 'developer']);
    });
    afterAll(async () => server?.close());

    const call = (user: SignedInUser | null, path: string, payload?: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/api/adapters/${path}`,
        headers: user ? { cookie: user.cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });

    it('passes the caller to the adapter, also for API-key requests', async () => {
      const viaSession = await call(developer, 'faulty/whoami', {});
      expect(viaSession.json()).toEqual({
        result: { id: developer.id, roles: ['member', 'developer'], via: 'session' },
      });
      const { key } = await createKey(server.app, developer, 'adapter key');
      const viaKey = await server.app.inject({
        method: 'POST',
        url: '/api/adapters/faulty/whoami',
        headers: { authorization: `Bearer ${key}` },
        payload: {},
      });
      expect(viaKey.json()).toEqual({
        result: { id: developer.id, roles: ['member', 'developer'], via: 'api-key' },
      });
    });

    it('hands the function its arguments with the schema defaults applied', async () => {
      expect((await call(developer, 'faulty/echo', {})).json()).toEqual({ result: { count: 1 } });
      expect((await call(developer, 'faulty/echo', { count: 3 })).json()).toEqual({ result: { count: 3 } });
    });

    it('maps typed adapter failures to their status, and hides internal errors', async () => {
      const upstream = await call(developer, 'faulty/upstream', {});
      expect(upstream.statusCode).toBe(502);
      expect(upstream.json()).toEqual({
        error: {
          code: 'CAP_UPSTREAM_FAILED',
          message: 'The system did not answer.',
          details: { retryAfterMs: 1000 },
        },
      });
      const unconfigured = await call(developer, 'faulty/unconfigured', {});
      expect([unconfigured.statusCode, errorCodeOf(unconfigured)]).toEqual([501, 'CAP_NOT_CONFIGURED']);
      const payment = await call(developer, 'faulty/payment', {});
      expect([payment.statusCode, errorCodeOf(payment)]).toEqual([402, 'GATE_PAYMENT_REQUIRED']);
      // One status per code on every surface: valid input no page can be made from is 422.
      const generation = await call(developer, 'faulty/generation', {});
      expect([generation.statusCode, errorCodeOf(generation)]).toEqual([422, 'ACT_GENERATION_FAILED']);
      const crash = await call(developer, 'faulty/crash', {});
      expect([crash.statusCode, errorCodeOf(crash)]).toEqual([500, 'SERVER_INTERNAL']);
      expect(crash.body).not.toContain('secret internals');
    });

    it("applies the capability's own policy after run_adapter", async () => {
      const refused = await call(developer, 'faulty/adminOnly', {});
      expect([refused.statusCode, errorCodeOf(refused)]).toEqual([403, 'GATE_FORBIDDEN']);
      expect(refused.json().error.details).toEqual({ role: 'admin' });
    });

    it('answers an unknown function with CAP_NOT_FOUND and the near misses', async () => {
      const response = await call(developer, 'faulty/whoamI', {});
      expect([response.statusCode, errorCodeOf(response)]).toEqual([404, 'CAP_NOT_FOUND']);
      expect(response.json().error.details.suggestions).toContain('faulty.whoami');
    });
  },
);
