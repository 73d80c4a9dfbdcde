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

describe.each(testDatabaseTargets())('wallet under concurrency on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let adminCookie: string;

  beforeAll(async () => {
    server = await createServerWithRoutes(target, () => undefined);
    adminCookie = await logInAdmin(server.app);
  });
  afterAll(async () => server.close());

  function spend(user: SignedInUser, amount: number, idempotencyKey: string) {
    return server.app.inject({
      method: 'POST',
      url: '/tokens/spend',
      headers: { cookie: user.cookie },
      payload: { amount, reason: 'parallel', idempotencyKey },
    });
  }

  it('200 parallel spends of 10 against 1000: exactly 100 succeed, balance 0, ledger sum equals balance', async () => {
    const user = await signUp(server.app, `many-${target.name}@example.com`);
    await grantTokens(server.app, adminCookie, user.id, 1000);
    // Straight to the service as well as through HTTP: the rate limit is per route, not the point here.
    const wallet = server.app.gate.wallet;
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        wallet.spend({ userId: user.id, amount: 10, reason: 'parallel', idempotencyKey: `k-${index}` }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(succeeded).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const result of refused) {
      expect((result.reason as { code?: string }).code).toBe('GATE_INSUFFICIENT_BALANCE');
    }
    const totals = await readWalletTotals(server.app, user.id);
    expect(totals).toEqual({ balance: 0, ledgerSum: 0, entries: 101 });
    const balances = succeeded.map((result) => (result.status === 'fulfilled' ? result.value.balance : -1));
    expect(new Set(balances).size).toBe(100);
    expect(Math.min(...balances)).toBe(0);
  });

  it('100 parallel HTTP spends of 30 against 1000: 33 succeed, the rest answer 402 with the shortfall', async () => {
    const user = await signUp(server.app, `http-${target.name}@example.com`);
    await grantTokens(server.app, adminCookie, user.id, 1000);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => spend(user, 30, `h-${index}`)),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    const short = responses.filter((response) => response.statusCode === 402);
    expect(ok).toHaveLength(33);
    expect(short).toHaveLength(67);
    expect(short.map(errorCodeOf)).toEqual(Array(67).fill('GATE_INSUFFICIENT_BALANCE'));
    expect(short[0]?.json().error.details).toEqual({ balance: 10, required: 30, shortfall: 20 });
    expect(await readWalletTotals(server.app, user.id)).toEqual({ balance: 10, ledgerSum: 10, entries: 34 });
  });

  it('50 parallel spends with one idempotency key debit once and all return the first result', async () => {
    const user = await signUp(server.app, `once-${target.name}@example.com`);
    await grantTokens(server.app, adminCookie, user.id, 1000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => spend(user, 25, 'the-one-key')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const bodies = responses.map((response) =>
      response.json<{ balance: number; entry: { id: string }; replayed: boolean }>(),
    );
    expect(new Set(bodies.map((body) => body.entry.id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.balance))).toEqual(new Set([975]));
    expect(bodies.filter((body) => !body.replayed)).toHaveLength(1);
    expect(await readWalletTotals(server.app, user.id)).toEqual({ balance: 975, ledgerSum: 975, entries: 2 });
  });

  it('reusing a key for a different amount is a conflict and moves nothing', async () => {
    const user = await signUp(server.app, `conflict-${target.name}@example.com`);
    await grantTokens(server.app, adminCookie, user.id, 100);
    expect((await spend(user, 10, 'k')).statusCode).toBe(200);
    const reused = await spend(user, 20, 'k');
    expect(reused.statusCode).toBe(409);
    expect(errorCodeOf(reused)).toBe('GATE_CONFLICT');
    expect(await readWalletTotals(server.app, user.id)).toEqual({ balance: 90, ledgerSum: 90, entries: 2 });
  });
});
