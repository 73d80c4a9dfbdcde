import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerWithRoutes, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';
import { grantTokens, logInAdmin, readWalletTotals } from '../testing/token-test-fixtures.js';

// Issue 10, defect 3: JSON bodies carry their own types; nothing in a body is coerced.
describe.each(testDatabaseTargets())('request body types on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let adminCookie: string;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await createServerWithRoutes(target, () => undefined);
    adminCookie = await logInAdmin(server.app);
    user = await signUp(server.app, `body-types-${target.name}@example.com`);
    await grantTokens(server.app, adminCookie, user.id, 100);
  });
  afterAll(async () => server.close());

  const post = (url: string, payload: Record<string, unknown>, cookie: string) =>
    server.app.inject({ method: 'POST', url, payload, headers: { cookie } });

  it.each([
    ['true', true],
    ['a numeric string', '5'],
    ['an array holding a number', [5]],
    ['null', null],
  ])('refuses %s as a spend amount and moves nothing', async (_name, amount) => {
    const response = await post(
      '/tokens/spend',
      { amount, reason: 'coercion probe', idempotencyKey: `probe-${JSON.stringify(amount)}` },
      user.cookie,
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('SERVER_VALIDATION');
    expect(error.details.issues).toEqual([{ path: '/amount', message: 'must be integer' }]);
    // Not "must be >= 1": null is not a number that is too small, it is not a number at all.
    expect(error.message).not.toContain('>=');
    expect((await readWalletTotals(server.app, user.id)).balance).toBe(100);
  });

  it.each([
    ['a numeric string', '5'],
    ['an array holding a number', [5]],
    ['true', true],
  ])('refuses %s as a grant amount', async (_name, amount) => {
    const response = await post('/tokens/grant', { userId: user.id, amount, reason: 'probe' }, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('SERVER_VALIDATION');
    expect((await readWalletTotals(server.app, user.id)).balance).toBe(100);
  });

  it('refuses a number where a string is expected, instead of turning it into text', async () => {
    const response = await post(
      '/tokens/spend',
      { amount: 1, reason: 42, idempotencyKey: 'k-num' },
      user.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.issues).toEqual([{ path: '/reason', message: 'must be string' }]);
  });

  it('still reads query strings as the numbers they spell', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/tokens/history?limit=1',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries).toHaveLength(1);
  });

  it('spends a real integer', async () => {
    const response = await post(
      '/tokens/spend',
      { amount: 5, reason: 'real spend', idempotencyKey: 'k-real' },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().balance).toBe(95);
  });
});
