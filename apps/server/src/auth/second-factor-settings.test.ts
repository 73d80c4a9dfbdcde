import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  freshAddress,
  logInAs,
  SEED_ADMIN,
  SEED_ENV,
  STRONG_PASSWORD,
  signUpVerified,
} from '../testing/auth-test-helpers.js';
import { codeAt, cookieOf, enrolPerson, post, startSignIn } from '../testing/second-factor-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// Issue 27, second factor: enrolment, removal and recovery codes from the Account screen's API,
// and the admin's role requirement, over HTTP on both databases.
describe.each(testDatabaseTargets())('two-step sign-in settings on $name', (target) => {
  let server: TestServer;
  let people = 0;
  const newEmail = (label: string) => `${label}-${++people}-${target.name}@example.com`;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'true', ...SEED_ENV });
  });
  afterAll(async () => server?.close());
  const status = (cookie: string) =>
    server.app.inject({ method: 'GET', url: '/auth/second-factor', headers: { cookie } });

  it('counts an enrolment only once a first valid code confirms it', async () => {
    const email = newEmail('ada');
    await signUpVerified(server, email, STRONG_PASSWORD);
    const cookie = await logInAs(server.app, email, STRONG_PASSWORD);
    const begun = await post(server, '/auth/second-factor/totp', {}, cookie);
    expect(begun.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = begun.json();
    expect(otpauthUri).toBe(
      `otpauth://totp/svc:${encodeURIComponent(email)}?issuer=svc&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await status(cookie)).json().totp).toBe('pending');
    // Pending, it asks nothing at sign-in.
    expect((await startSignIn(server, email, STRONG_PASSWORD)).challenge).toBeUndefined();
    const wrong = await post(
      server,
      '/auth/second-factor/totp/confirm',
      { code: codeAt(server, secret, 5 * 60_000) },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('GATE_SECOND_FACTOR_CODE_INVALID');
    const confirmed = await post(
      server,
      '/auth/second-factor/totp/confirm',
      { code: codeAt(server, secret) },
      cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    expect((await status(cookie)).json()).toEqual({
      totp: 'on',
      recoveryCodesLeft: 10,
      requiredByRole: false,
      passkey: false,
    });
    expect(codeOf(await post(server, '/auth/second-factor/totp', {}, cookie))).toBe('GATE_CONFLICT');
    // The TOTP secret is not in the database as it was shown.
    const rows = await server.database.db.selectFrom('second_factor_totp').select('secret_sealed').execute();
    expect(rows.some((row) => row.secret_sealed.includes(secret))).toBe(false);
  });

  it('replaces the recovery codes on request (the old set stops working) and removes TOTP with the password', async () => {
    const person = await enrolPerson(server, newEmail('grace'), STRONG_PASSWORD);
    const noProof = await post(server, '/auth/second-factor/recovery-codes', {}, person.cookie);
    expect(noProof.statusCode).toBe(400);
    const badPassword = await post(
      server,
      '/auth/second-factor/recovery-codes',
      { password: 'not the password' },
      person.cookie,
    );
    expect(codeOf(badPassword)).toBe('GATE_INVALID_CREDENTIALS');
    const renewed = await post(
      server,
      '/auth/second-factor/recovery-codes',
      { code: codeAt(server, person.secret) },
      person.cookie,
    );
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await startSignIn(server, person.email, STRONG_PASSWORD);
    const oldCode = await post(server, '/auth/login/second-factor', {
      challenge: old.challenge,
      recoveryCode: person.recoveryCodes[0],
    });
    expect(codeOf(oldCode)).toBe('GATE_INVALID_CREDENTIALS');

    const removed = await post(
      server,
      '/auth/second-factor/totp/remove',
      { password: STRONG_PASSWORD },
      person.cookie,
    );
    expect(removed.statusCode).toBe(204);
    expect((await status(person.cookie)).json()).toEqual({
      totp: 'off',
      recoveryCodesLeft: 0,
      requiredByRole: false,
      passkey: false,
    });
    const plain = await startSignIn(server, person.email, STRONG_PASSWORD);
    expect(plain.challenge).toBeUndefined();
    expect(plain.response.json().user.email).toBe(person.email);
  });

  it('lets an admin require a second factor for a role: its members enrol at their next sign-in', async () => {
    const admin = await logInAs(server.app, SEED_ADMIN.email, SEED_ADMIN.password);
    const email = newEmail('member');
    await signUpVerified(server, email, STRONG_PASSWORD);
    const memberCookie = await logInAs(server.app, email, STRONG_PASSWORD);
    expect(
      codeOf(
        await server.app.inject({
          method: 'GET',
          url: '/auth/second-factor/roles',
          headers: { cookie: memberCookie },
        }),
      ),
    ).toBe('GATE_FORBIDDEN');
    const put = (role: string, required: boolean) =>
      server.app.inject({
        method: 'PUT',
        url: `/auth/second-factor/roles/${role}`,
        remoteAddress: freshAddress(),
        headers: { cookie: admin },
        payload: { required },
      });
    expect(codeOf(await put('wizard', true))).toBe('GATE_INVALID_INPUT');
    expect((await put('member', true)).json()).toEqual({ role: 'member', required: true });
    const list = await server.app.inject({
      method: 'GET',
      url: '/auth/second-factor/roles',
      headers: { cookie: admin },
    });
    expect(list.json().roles).toContainEqual({ role: 'member', required: true });
    expect(list.json().roles).toContainEqual({ role: 'admin', required: false });
    expect((await status(memberCookie)).json().requiredByRole).toBe(true);

    const { response, challenge } = await startSignIn(server, email, STRONG_PASSWORD);
    expect(response.cookies).toEqual([]);
    expect(response.json().secondFactor).toMatchObject({ methods: [], enrolmentRequired: true });
    const enrolment = await post(server, '/auth/second-factor/login-enrolment', { challenge });
    expect(enrolment.statusCode).toBe(200);
    const { secret } = enrolment.json();
    // Asked again (a reload), the same secret.
    expect((await post(server, '/auth/second-factor/login-enrolment', { challenge })).json().secret).toBe(
      secret,
    );
    const done = await post(server, '/auth/login/second-factor', { challenge, code: codeAt(server, secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await status(cookieOf(server, done))).json()).toEqual({
      totp: 'on',
      recoveryCodesLeft: 10,
      requiredByRole: true,
      passkey: false,
    });
    // From now on, the code step.
    server.clock.advance(30_000);
    const next = await startSignIn(server, email, STRONG_PASSWORD);
    expect(next.response.json().secondFactor.methods).toEqual(['totp', 'recovery_code']);

    expect((await put('member', false)).json()).toEqual({ role: 'member', required: false });
    const audit = await server.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { cookie: admin },
    });
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('second-factor.role.required');
  });

  it('a wrong password at a required enrolment fails like a wrong code, after the same challenge', async () => {
    const admin = await logInAs(server.app, SEED_ADMIN.email, SEED_ADMIN.password);
    await server.app.inject({
      method: 'PUT',
      url: '/auth/second-factor/roles/developer',
      headers: { cookie: admin },
      payload: { required: true },
    });
    const email = newEmail('dev');
    await signUpVerified(server, email, STRONG_PASSWORD);
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await server.app.inject({
      method: 'PUT',
      url: `/auth/users/${user.id}/roles`,
      headers: { cookie: admin },
      payload: { roles: ['member', 'developer'] },
    });
    const { response, challenge } = await startSignIn(server, email, 'certainly not the password');
    expect(response.json().secondFactor).toMatchObject({ methods: [], enrolmentRequired: true });
    const { secret } = (await post(server, '/auth/second-factor/login-enrolment', { challenge })).json();
    const refused = await post(server, '/auth/login/second-factor', {
      challenge,
      code: codeAt(server, secret),
    });
    expect(codeOf(refused)).toBe('GATE_INVALID_CREDENTIALS');
    const rows = await server.database.db
      .selectFrom('second_factor_totp')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lists every route in /openapi.json', async () => {
    const spec = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/auth/login/second-factor',
      '/auth/second-factor',
      '/auth/second-factor/totp',
      '/auth/second-factor/totp/confirm',
      '/auth/second-factor/totp/remove',
      '/auth/second-factor/recovery-codes',
      '/auth/second-factor/login-enrolment',
      '/auth/second-factor/roles',
      '/auth/second-factor/roles/{role}',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
  });
});
