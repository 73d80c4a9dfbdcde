import { GateError } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdapterError } from '../adapters/adapter-error.js';
import { createAdapterRegistry, defineAdapterFunction } from '../adapters/adapter-registry.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';
import {
  createKey,
  createServerWithRoutes,
  errorCodeOf,
  type SignedInUser,
  signUpWithRoles,
} from './access-test-fixtures.js';
import { adapterRoutes } from './adapter-routes.js';

const calls: { system: string; fn: string; userId: string }[] = [];

/** A registry with one system whose functions fail in every typed way, or echo. */
const registry = createAdapterRegistry([
  {
    system: 'faulty',
    description: 'Fails on purpose.',
    functions: {
      upstream: defineAdapterFunction<Record<string, never>>({
        description: 'Upstream failure.',
        argsSchema: { type: 'object' },
        run: async () => {
          throw new AdapterError('ADAPTER_UPSTREAM_FAILED', 'The system did not answer.', {
            details: { retryAfterMs: 1000 },
          });
        },
      }),
      unconfigured: defineAdapterFunction<Record<string, never>>({
        description: 'Not configured.',
        argsSchema: { type: 'object' },
        run: async () => {
          throw new AdapterError('ADAPTER_NOT_CONFIGURED', 'No credentials for the system.');
        },
      }),
      payment: defineAdapterFunction<Record<string, never>>({
        description: 'A gate error.',
        argsSchema: { type: 'object' },
        run: async () => {
          throw new GateError('GATE_PAYMENT_REQUIRED', 'Top up first.');
        },
      }),
      crash: defineAdapterFunction<Record<string, never>>({
        description: 'A bug.',
        argsSchema: { type: 'object' },
        run: async () => {
          throw new Error('secret internals');
        },
      }),
      whoami: defineAdapterFunction<Record<string, never>>({
        description: 'Echoes the caller.',
        argsSchema: { type: 'object', additionalProperties: false },
        run: async (_args, { user }) => ({ id: user.id, roles: user.roles, via: user.via }),
      }),
      echo: defineAdapterFunction<{ refuse?: boolean; count?: number }>({
        description: 'Echoes its arguments.',
        argsSchema: {
          type: 'object',
          properties: { refuse: { type: 'boolean' }, count: { type: 'integer', default: 1 } },
        },
        run: async (args) => args,
      }),
    },
  },
]);

describe.each(testDatabaseTargets())(
  'adapter calls: context, failures and the beforeCall seam on $name',
  (target) => {
    let server: Pick<TestServer, 'app' | 'database' | 'close'>;
    let developer: SignedInUser;

    beforeAll(async () => {
      server = await createServerWithRoutes(
        target,
        async (app) => {
          // The metering seam: the same routes with a beforeCall hook, under another prefix.
          await app.register(adapterRoutes, {
            prefix: '/metered',
            registry,
            beforeCall: async ({ system, fn, user, args }) => {
              if (args.refuse === true)
                throw new GateError('GATE_INSUFFICIENT_BALANCE', 'Not enough tokens.');
              calls.push({ system, fn, userId: user.id });
            },
          });
        },
        { adapters: registry },
      );
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
          code: 'ADAPTER_UPSTREAM_FAILED',
          message: 'The system did not answer.',
          details: { retryAfterMs: 1000 },
        },
      });
      const unconfigured = await call(developer, 'faulty/unconfigured', {});
      expect([unconfigured.statusCode, errorCodeOf(unconfigured)]).toEqual([501, 'ADAPTER_NOT_CONFIGURED']);
      const payment = await call(developer, 'faulty/payment', {});
      expect([payment.statusCode, errorCodeOf(payment)]).toEqual([402, 'GATE_PAYMENT_REQUIRED']);
      const crash = await call(developer, 'faulty/crash', {});
      expect([crash.statusCode, errorCodeOf(crash)]).toEqual([500, 'SERVER_INTERNAL']);
      expect(crash.body).not.toContain('secret internals');
    });

    it('calls beforeCall after validation and before the function; its refusal keeps its status', async () => {
      calls.length = 0;
      const metered = await server.app.inject({
        method: 'POST',
        url: '/metered/faulty/whoami',
        headers: { cookie: developer.cookie },
        payload: {},
      });
      expect(metered.statusCode).toBe(200);
      expect(calls).toEqual([{ system: 'faulty', fn: 'whoami', userId: developer.id }]);
      const invalid = await server.app.inject({
        method: 'POST',
        url: '/metered/faulty/whoami',
        headers: { cookie: developer.cookie },
        payload: { x: 1 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(calls).toHaveLength(1);
      const refused = await server.app.inject({
        method: 'POST',
        url: '/metered/faulty/echo',
        headers: { cookie: developer.cookie },
        payload: { refuse: true },
      });
      expect([refused.statusCode, errorCodeOf(refused)]).toEqual([402, 'GATE_INSUFFICIENT_BALANCE']);
      expect(calls).toHaveLength(1);
    });
  },
);
