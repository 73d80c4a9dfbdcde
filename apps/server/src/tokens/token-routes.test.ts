import { MAX_TOKEN_GRANT } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServerWithRoutes,
  errorCodeOf,
  type SignedInUser,
  signUp,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';
import { grantTokens, logInAdmin, readWalletTotals } from '../testing/token-test-fixtures.js';

interface Entry {
  id: string;
  amount: number;
  kind: string;
  reason: string;
  balanceAfter: number;
  actorId: string | null;
}

describe.each(testDatabaseTargets())('token routes on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let adminCookie: string;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await createServerWithRoutes(target, () => undefined);
    adminCookie = await logInAdmin(server.app);
    user = await signUp(server.app, `tokens-${target.name}@example.com`);
  });
  afterAll(async () => server.close());

  const get = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    server.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  it('refuses anonymous callers', async () => {
    expect((await get('/tokens/balance')).statusCode).toBe(401);
    expect((await get('/tokens/history')).statusCode).toBe(401);
    expect((await post('/tokens/spend', { amount: 1, reason: 'x', idempotencyKey: 'k' })).statusCode).toBe(
      401,
    );
  });

  it('starts at a balance of 0 and a spend then answers 402 with the shortfall', async () => {
    expect((await get('/tokens/balance', user.cookie)).json()).toEqual({ balance: 0 });
    const response = await post(
      '/tokens/spend',
      { amount: 5, reason: 'x', idempotencyKey: 'k0' },
      user.cookie,
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: {
        code: 'GATE_INSUFFICIENT_BALANCE',
        message: 'This needs 5 tokens; the balance is 0.',
        details: { balance: 0, required: 5, shortfall: 5 },
      },
    });
  });

  it('lets only admins grant, up to the maximum, to existing users', async () => {
    const member = await post('/tokens/grant', { userId: user.id, amount: 10, reason: 'self' }, user.cookie);
    expect(member.statusCode).toBe(403);
    const tooMuch = await post(
      '/tokens/grant',
      { userId: user.id, amount: MAX_TOKEN_GRANT + 1, reason: 'x' },
      adminCookie,
    );
    expect(tooMuch.statusCode).toBe(400);
    const fractional = await post(
      '/tokens/grant',
      { userId: user.id, amount: 1.5, reason: 'x' },
      adminCookie,
    );
    expect(fractional.statusCode).toBe(400);
    const nobody = await post('/tokens/grant', { userId: 'nobody', amount: 1, reason: 'x' }, adminCookie);
    expect(nobody.statusCode).toBe(404);
    expect(errorCodeOf(nobody)).toBe('GATE_NOT_FOUND');
    const granted = await post(
      '/tokens/grant',
      { userId: user.id, amount: 100, reason: 'welcome' },
      adminCookie,
    );
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      balance: 100,
      replayed: false,
      entry: { amount: 100, kind: 'grant' },
    });
    expect(granted.json<{ entry: Entry }>().entry.actorId).not.toBeNull();
  });

  it('spends, refuses non-positive amounts and keeps the balance equal to the ledger sum', async () => {
    const spent = await post(
      '/tokens/spend',
      { amount: 30, reason: 'export', idempotencyKey: 's1' },
      user.cookie,
    );
    expect(spent.statusCode).toBe(200);
    expect(spent.json()).toMatchObject({
      balance: 70,
      replayed: false,
      entry: { amount: -30, kind: 'spend', reason: 'export', idempotencyKey: 's1', balanceAfter: 70 },
    });
    for (const amount of [0, -5]) {
      const bad = await post(
        '/tokens/spend',
        { amount, reason: 'x', idempotencyKey: `bad${amount}` },
        user.cookie,
      );
      expect(bad.statusCode).toBe(400);
    }
    expect((await get('/tokens/balance', user.cookie)).json()).toEqual({ balance: 70 });
    expect(await readWalletTotals(server.app, user.id)).toMatchObject({ balance: 70, ledgerSum: 70 });
  });

  it('pages the history newest first with a cursor', async () => {
    for (const n of [1, 2, 3]) {
      await post('/tokens/spend', { amount: n, reason: `step ${n}`, idempotencyKey: `h${n}` }, user.cookie);
    }
    const first = await get('/tokens/history?limit=2', user.cookie);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ entries: Entry[]; nextCursor: string | null }>();
    expect(page1.entries.map((entry) => entry.reason)).toEqual(['step 3', 'step 2']);
    expect(page1.nextCursor).not.toBeNull();
    const second = await get(`/tokens/history?limit=2&cursor=${page1.nextCursor}`, user.cookie);
    const page2 = second.json<{ entries: Entry[]; nextCursor: string | null }>();
    expect(page2.entries.map((entry) => entry.reason)).toEqual(['step 1', 'export']);
    const third = await get(`/tokens/history?limit=2&cursor=${page2.nextCursor}`, user.cookie);
    const page3 = third.json<{ entries: Entry[]; nextCursor: string | null }>();
    expect(page3.entries.map((entry) => entry.kind)).toEqual(['grant']);
    expect(page3.nextCursor).toBeNull();
    expect((await get('/tokens/history?cursor=abc', user.cookie)).statusCode).toBe(400);
  });

  it('shows a user only their own history', async () => {
    const other = await signUp(server.app, `other-${target.name}@example.com`);
    await grantTokens(server.app, adminCookie, other.id, 5);
    const history = (await get('/tokens/history', other.cookie)).json<{ entries: Entry[] }>();
    expect(history.entries).toHaveLength(1);
    expect((await get('/tokens/balance', other.cookie)).json()).toEqual({ balance: 5 });
  });
});
