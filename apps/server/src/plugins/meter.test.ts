import { createMeter, createWalletService, resolveGateConfig, systemClock } from '@svc/gate';
import { createMemoryMailer } from '@svc/gate/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import { defineCapability } from '../capabilities/capability-types.js';
import { CapabilityError } from '../errors/capability-error.js';
import {
  createServerWithRoutes,
  errorCodeOf,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';
import { grantTokens, logInAdmin, readWalletTotals } from '../testing/token-test-fixtures.js';
import { requireAuth } from './guards.js';
import { meterGuard } from './meter-guard.js';

let runs = 0;

/** Priced test capabilities that count their runs, and fail in the ways a metered call can. */
function paid(fn: string, run: () => Promise<unknown>) {
  return defineCapability<Record<string, never>, unknown>({
    id: `paid.${fn}`,
    plane: 'adapter',
    title: fn,
    description: `${fn} (a priced test capability).`,
    input: { type: 'object' },
    policy: { access: 'account', meter: `tool:paid.${fn}` },
    run,
  });
}

const capabilities = [
  paid('work', async () => {
    runs += 1;
    return { done: true };
  }),
  paid('crash', async () => {
    runs += 1;
    throw new Error('adapter blew up');
  }),
  paid('upstream', async () => {
    runs += 1;
    throw new CapabilityError('CAP_UPSTREAM_FAILED', 'No answer.');
  }),
  paid('free', async () => ({ free: true })),
  paid('broken', async () => {
    runs += 1;
    return {};
  }),
];

describe.each(testDatabaseTargets())('meter guard on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let adminCookie: string;
  let developer: SignedInUser;

  beforeAll(async () => {
    server = await createServerWithRoutes(
      target,
      (app) => {
        app.post<{ Params: { what: string } }>(
          '/metered/:what',
          {
            preValidation: requireAuth,
            preHandler: meterGuard((request) => `test:${(request.params as { what: string }).what}`),
          },
          async (request) => {
            if (request.params.what === 'fail') throw new Error('handler failed');
            return { ok: true };
          },
        );
      },
      { capabilities },
    );
    adminCookie = await logInAdmin(server.app);
    developer = await signUpWithRoles(server.app, `dev-${target.name}@example.com`, ['developer']);
    const rules = [
      { resource: 'tool:paid.work', cost: 7 },
      { resource: 'tool:paid.crash', cost: 5 },
      { resource: 'tool:paid.upstream', cost: 4 },
      { resource: 'tool:paid.broken', cost: -1 },
      { resource: 'test:ok', cost: 2 },
      { resource: 'test:fail', cost: 3 },
    ];
    for (const rule of rules) {
      const created = await server.app.inject({
        method: 'POST',
        url: '/db/meter_rules',
        headers: { cookie: adminCookie },
        payload: rule,
      });
      if (created.statusCode !== 201) throw new Error(`rule failed: ${created.statusCode} ${created.body}`);
    }
  });
  afterAll(async () => server.close());

  const call = (fn: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/adapters/paid/${fn}`,
      headers: { cookie: developer.cookie },
      payload: {},
    });
  const balanceOf = async () => (await readWalletTotals(server.app, developer.id)).balance;

  it('keeps meter_rules admin-only', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/db/meter_rules',
      headers: { cookie: developer.cookie },
      payload: { resource: 'tool:paid.work', cost: 0 },
    });
    expect(response.statusCode).toBe(403);
  });

  it('charges a metered adapter call per its rule', async () => {
    await grantTokens(server.app, adminCookie, developer.id, 20);
    const before = runs;
    const response = await call('work');
    expect(response.statusCode).toBe(200);
    expect(runs).toBe(before + 1);
    expect(await balanceOf()).toBe(13);
    const history = await server.app.gate.wallet.history({ userId: developer.id, limit: 1 });
    expect(history.entries[0]).toMatchObject({
      amount: -7,
      kind: 'spend',
      reason: 'meter:tool:paid.work',
    });
  });

  it('answers 402 with the shortfall when short, and the adapter never runs', async () => {
    await call('work'); // 13 → 6
    const before = runs;
    const response = await call('work');
    expect(response.statusCode).toBe(402);
    expect(errorCodeOf(response)).toBe('GATE_INSUFFICIENT_BALANCE');
    expect(response.json().error.details).toEqual({ balance: 6, required: 7, shortfall: 1 });
    expect(runs).toBe(before);
    expect(await balanceOf()).toBe(6);
  });

  it('refunds with a compensating entry when the adapter throws or its upstream fails', async () => {
    const crashed = await call('crash');
    expect(crashed.statusCode).toBe(500);
    const upstream = await call('upstream');
    expect(upstream.statusCode).toBe(502);
    expect(await balanceOf()).toBe(6);
    const history = await server.app.gate.wallet.history({ userId: developer.id, limit: 4 });
    expect(history.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['refund', 4],
      ['spend', -4],
      ['refund', 5],
      ['spend', -5],
    ]);
    const totals = await readWalletTotals(server.app, developer.id);
    expect(totals.ledgerSum).toBe(totals.balance);
  });

  it('lets a call without a rule run free', async () => {
    const entries = (await readWalletTotals(server.app, developer.id)).entries;
    const response = await call('free');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { free: true } });
    expect(await readWalletTotals(server.app, developer.id)).toMatchObject({ balance: 6, entries });
  });

  it('fails closed on a rule without a valid cost: the adapter never runs', async () => {
    const before = runs;
    const response = await call('broken');
    expect(response.statusCode).toBe(500);
    expect(runs).toBe(before);
  });

  it('prices any route with meterGuard and refunds a handler failure', async () => {
    const ok = await server.app.inject({
      method: 'POST',
      url: '/metered/ok',
      headers: { cookie: developer.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf()).toBe(4);
    const failed = await server.app.inject({
      method: 'POST',
      url: '/metered/fail',
      headers: { cookie: developer.cookie },
    });
    expect(failed.statusCode).toBe(500);
    expect(await balanceOf()).toBe(4);
    const free = await server.app.inject({
      method: 'POST',
      url: '/metered/other',
      headers: { cookie: developer.cookie },
    });
    expect(free.statusCode).toBe(200);
    expect(await balanceOf()).toBe(4);
    const anonymous = await server.app.inject({ method: 'POST', url: '/metered/ok' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refunds a charge once however often refund is called', async () => {
    const meter = server.app.gate.meter;
    const charge = await meter.charge({ user: developer, resource: 'test:ok' });
    expect(charge).toMatchObject({ charged: 2, replayed: false });
    await Promise.all([meter.refund(charge), meter.refund(charge), meter.refund(charge)]);
    expect(await balanceOf()).toBe(4);
    const again = await meter.charge({ user: developer, resource: 'test:ok', idempotencyKey: 'job-1' });
    const repeat = await meter.charge({ user: developer, resource: 'test:ok', idempotencyKey: 'job-1' });
    expect(repeat).toMatchObject({ chargeId: again.chargeId, replayed: true });
    expect(await balanceOf()).toBe(2);
  });

  it('fails closed when storage fails: a meter over a destroyed database throws', async () => {
    const database = await target.open();
    await migrateToLatest(database.db);
    const deps = {
      db: database.db,
      mailer: createMemoryMailer(),
      clock: systemClock,
      config: resolveGateConfig({ jwtSecret: 'x'.repeat(32), apiKeyPepper: 'y'.repeat(32) }),
    };
    const meter = createMeter({ db: database.db, wallet: createWalletService(deps) });
    await database.destroy();
    await expect(meter.charge({ user: { id: 'someone' }, resource: 'tool:paid.work' })).rejects.toThrow();
  });
});
