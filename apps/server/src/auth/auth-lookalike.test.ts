import { gateMigrations } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const ADMIN = 'admin@example.test';

// Issue 10, defect 2: look-alike addresses never create an account beside the real one.
describe.each(testDatabaseTargets())('look-alike email addresses on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'true' });
    const signup = await post('/auth/signup', { email: ADMIN, password: STRONG_PASSWORD });
    expect(signup.statusCode).toBe(201);
  });
  afterAll(async () => server?.close());

  function post(url: string, payload: Record<string, unknown>) {
    return server.app.inject({ method: 'POST', url, remoteAddress: freshAddress(), payload });
  }
  const accounts = async () =>
    (await server.database.db.selectFrom('users').select('email').execute()).map((row) => row.email);

  it.each([
    ['a zero-width space', 'admin\u200b@example.test', 'invisible-character'],
    ['a right-to-left override', 'admin\u202e@example.test', 'bidi-control'],
    ['a Cyrillic letter', 'adm\u0456n@example.test', 'mixed-script'],
    ['a combining dot', 'admi\u0307n@example.test', 'combining-mark'],
  ])('refuses a sign-up with %s: 400 GATE_EMAIL_CONFUSABLE', async (_name, email, reason) => {
    const response = await post('/auth/signup', { email, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'GATE_EMAIL_CONFUSABLE',
      details: { field: 'email', reason },
    });
    expect(await accounts()).toEqual([ADMIN]);
  });

  it.each([
    ['fullwidth letters', 'ａｄｍｉｎ@example.test'],
    ['the dotted capital I', 'ADM\u0130N@example.test'],
    ['fullwidth capitals and at sign', 'ＡＤＭＩＮ＠example.test'],
  ])('folds %s to the existing address: 409 GATE_EMAIL_TAKEN', async (_name, email) => {
    const response = await post('/auth/signup', { email, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('GATE_EMAIL_TAKEN');
    expect(await accounts()).toEqual([ADMIN]);
  });

  it('signs in the one account whichever folded form is typed, and refuses look-alikes like a wrong password', async () => {
    for (const email of ['ａｄｍｉｎ@example.test', 'ADM\u0130N@EXAMPLE.TEST', ' Admin@Example.Test ']) {
      const login = await post('/auth/login', { email, password: STRONG_PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.email).toBe(ADMIN);
    }
    for (const email of ['admin\u200b@example.test', 'adm\u0456n@example.test']) {
      const login = await post('/auth/login', { email, password: STRONG_PASSWORD });
      expect(login.statusCode).toBe(401);
      expect(login.json().error.code).toBe('GATE_INVALID_CREDENTIALS');
    }
  });

  it('applies the same rules to resending the verification link', async () => {
    const refused = await post('/auth/verify/resend', { email: 'admin\u200b@example.test' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('GATE_EMAIL_CONFUSABLE');
    expect((await post('/auth/verify/resend', { email: 'ａｄｍｉｎ@example.test' })).statusCode).toBeLessThan(
      300,
    );
  });

  it('re-normalises stored rows once: unique ones rewritten, look-alikes of an existing account left unreachable', async () => {
    const db = server.database.db;
    const now = Date.now();
    const row = (id: string, email: string) => ({
      id,
      email,
      password_hash: 'x',
      roles: '["member"]',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
    // As the old normalisation (trim, lower case) stored them.
    await db
      .insertInto('users')
      .values([
        row('legacy-1', 'ｂｏｂ@example.test'),
        row('legacy-2', 'ａｄｍｉｎ@example.test'),
        row('legacy-3', 'eve\u200b@example.test'),
      ])
      .execute();
    const migration = gateMigrations['0003_email_nfkc'];
    expect(migration).toBeDefined();
    await migration?.up(db as never);
    const stored = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'like', 'legacy-%')
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 'legacy-1', email: 'bob@example.test' },
      { id: 'legacy-2', email: 'ａｄｍｉｎ@example.test' },
      { id: 'legacy-3', email: 'eve\u200b@example.test' },
    ]);
    await db.deleteFrom('users').where('id', 'like', 'legacy-%').execute();
  });
});
