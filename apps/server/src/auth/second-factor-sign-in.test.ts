import { SECOND_FACTOR_CHALLENGE } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, OTHER_PASSWORD, STRONG_PASSWORD, signUpVerified } from '../testing/auth-test-helpers.js';
import { codeAt, cookieOf, enrolPerson, post, startSignIn } from '../testing/second-factor-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// Issue 27, second factor: the login decision, the code step and its refusals, over HTTP on both
// databases. Codes come from the enrolled secret at the server's (manual) clock.
describe.each(testDatabaseTargets())('two-step sign-in on $name', (target) => {
  let server: TestServer;
  let people = 0;
  const newEmail = (label: string) => `${label}-${++people}-${target.name}@example.com`;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'true' });
  });
  afterAll(async () => server?.close());

  it('answers a challenge and no cookie after the password, then a session for the right code', async () => {
    const person = await enrolPerson(server, newEmail('ada'), STRONG_PASSWORD);
    const { response, challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([]);
    expect(response.json().secondFactor).toMatchObject({
      methods: ['totp', 'recovery_code'],
      enrolmentRequired: false,
      expiresAt: server.clock.now() + SECOND_FACTOR_CHALLENGE.ttlMs,
    });
    const done = await post(server, '/auth/login/second-factor', {
      challenge,
      code: codeAt(server, person.secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(person.email);
    const me = await server.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: cookieOf(server, done) },
    });
    expect(me.json().email).toBe(person.email);
  });

  it('gives a wrong password the same challenge, and judges it with the code without saying which was wrong', async () => {
    const person = await enrolPerson(server, newEmail('grace'), STRONG_PASSWORD);
    const right = await startSignIn(server, person.email, STRONG_PASSWORD);
    const wrong = await startSignIn(server, person.email, OTHER_PASSWORD);
    expect(wrong.response.statusCode).toBe(right.response.statusCode);
    expect(wrong.response.cookies).toEqual([]);
    const shape = (body: { secondFactor: Record<string, unknown> }) => ({
      ...body.secondFactor,
      challenge: typeof body.secondFactor.challenge,
    });
    expect(shape(wrong.response.json())).toEqual(shape(right.response.json()));
    expect(wrong.challenge).toHaveLength(right.challenge?.length ?? 0);

    const wrongPasswordRightCode = await post(server, '/auth/login/second-factor', {
      challenge: wrong.challenge,
      code: codeAt(server, person.secret),
    });
    const rightPasswordWrongCode = await post(server, '/auth/login/second-factor', {
      challenge: right.challenge,
      code: codeAt(server, person.secret, 10 * 60_000),
    });
    expect(wrongPasswordRightCode.statusCode).toBe(401);
    expect(wrongPasswordRightCode.body).toBe(rightPasswordWrongCode.body);
    expect(codeOf(wrongPasswordRightCode)).toBe('GATE_INVALID_CREDENTIALS');
    expect(wrongPasswordRightCode.cookies).toEqual([]);
    // The code the wrong password was tried with was not used up: the owner still signs in with it.
    const owner = await post(server, '/auth/login/second-factor', {
      challenge: right.challenge,
      code: codeAt(server, person.secret),
    });
    expect(owner.statusCode).toBe(200);
  });

  it('refuses a replayed code, and takes the next step’s code', async () => {
    const person = await enrolPerson(server, newEmail('alan'), STRONG_PASSWORD);
    const code = codeAt(server, person.secret);
    const first = await startSignIn(server, person.email, STRONG_PASSWORD);
    expect(
      (await post(server, '/auth/login/second-factor', { challenge: first.challenge, code })).statusCode,
    ).toBe(200);
    const second = await startSignIn(server, person.email, STRONG_PASSWORD);
    const replay = await post(server, '/auth/login/second-factor', { challenge: second.challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay)).toBe('GATE_INVALID_CREDENTIALS');
    server.clock.advance(30_000);
    const next = await post(server, '/auth/login/second-factor', {
      challenge: second.challenge,
      code: codeAt(server, person.secret),
    });
    expect(next.statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const person = await enrolPerson(server, newEmail('edsger'), STRONG_PASSWORD);
    const recoveryCode = person.recoveryCodes[0] ?? '';
    expect(person.recoveryCodes).toHaveLength(10);
    const first = await startSignIn(server, person.email, STRONG_PASSWORD);
    const used = await post(server, '/auth/login/second-factor', {
      challenge: first.challenge,
      recoveryCode: ` ${recoveryCode.toUpperCase()} `,
    });
    expect(used.statusCode).toBe(200);
    const second = await startSignIn(server, person.email, STRONG_PASSWORD);
    const again = await post(server, '/auth/login/second-factor', {
      challenge: second.challenge,
      recoveryCode,
    });
    expect(again.statusCode).toBe(401);
    expect(codeOf(again)).toBe('GATE_INVALID_CREDENTIALS');
    const status = await server.app.inject({
      method: 'GET',
      url: '/auth/second-factor',
      headers: { cookie: person.cookie },
    });
    expect(status.json()).toEqual({
      totp: 'on',
      recoveryCodesLeft: 9,
      requiredByRole: false,
      passkey: false,
    });
  });

  it('refuses an expired, a used and an exhausted challenge, and an unknown one', async () => {
    const person = await enrolPerson(server, newEmail('barbara'), STRONG_PASSWORD);
    const expired = await startSignIn(server, person.email, STRONG_PASSWORD);
    server.clock.advance(SECOND_FACTOR_CHALLENGE.ttlMs);
    const late = await post(server, '/auth/login/second-factor', {
      challenge: expired.challenge,
      code: codeAt(server, person.secret),
    });
    expect(late.statusCode).toBe(401);
    expect(codeOf(late)).toBe('GATE_SECOND_FACTOR_CHALLENGE_INVALID');

    const once = await startSignIn(server, person.email, STRONG_PASSWORD);
    const ok = await post(server, '/auth/login/second-factor', {
      challenge: once.challenge,
      code: codeAt(server, person.secret),
    });
    expect(ok.statusCode).toBe(200);
    server.clock.advance(30_000);
    const reused = await post(server, '/auth/login/second-factor', {
      challenge: once.challenge,
      code: codeAt(server, person.secret),
    });
    expect(codeOf(reused)).toBe('GATE_SECOND_FACTOR_CHALLENGE_INVALID');

    const guessed = await startSignIn(server, person.email, STRONG_PASSWORD);
    for (let i = 0; i < SECOND_FACTOR_CHALLENGE.maxAttempts; i++) {
      const miss = await post(server, '/auth/login/second-factor', {
        challenge: guessed.challenge,
        code: '000000',
      });
      // Five wrong answers also reach the per-account throttle's free failures.
      expect([401, 429]).toContain(miss.statusCode);
      server.clock.advance(60_000);
    }
    const exhausted = await post(server, '/auth/login/second-factor', {
      challenge: guessed.challenge,
      code: codeAt(server, person.secret),
    });
    expect(codeOf(exhausted)).toBe('GATE_SECOND_FACTOR_CHALLENGE_INVALID');
    const unknown = await post(server, '/auth/login/second-factor', {
      challenge: 'x'.repeat(43),
      code: '123456',
    });
    expect(codeOf(unknown)).toBe('GATE_SECOND_FACTOR_CHALLENGE_INVALID');
  });

  it('counts wrong codes in the per-account login throttle', async () => {
    const person = await enrolPerson(server, newEmail('kathleen'), STRONG_PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
      codes.push((await post(server, '/auth/login/second-factor', { challenge, code: '000000' })).statusCode);
    }
    // Each round is a password attempt and a code attempt: the fifth failure starts the waits.
    expect(codes.slice(0, 2)).toEqual([401, 401]);
    expect(codes).toContain(429);
  });

  it('decides after another first factor too: a challenge for an account with a second factor, else a session', async () => {
    const person = await enrolPerson(server, newEmail('sso'), STRONG_PASSWORD);
    const enrolled = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    const outcome = await server.app.gate.secondFactor.afterFirstFactor({
      userId: enrolled.id,
      method: 'sso',
    });
    if (!('secondFactor' in outcome)) throw new Error('expected a challenge');
    expect(outcome.secondFactor.methods).toEqual(['totp', 'recovery_code']);
    const done = await post(server, '/auth/login/second-factor', {
      challenge: outcome.secondFactor.challenge,
      code: codeAt(server, person.secret),
    });
    expect(done.statusCode).toBe(200);

    const plainEmail = newEmail('sso-plain');
    const plainId = await signUpVerified(server, plainEmail, STRONG_PASSWORD);
    const plain = await server.app.gate.secondFactor.afterFirstFactor({ userId: plainId, method: 'sso' });
    if (!('session' in plain)) throw new Error('expected a session');
    expect(plain.user.email).toBe(plainEmail);
    expect((await server.app.gate.identify({ sessionToken: plain.session.token }))?.id).toBe(plainId);
  });

  it('keeps the old answer for an account without a second factor', async () => {
    const email = newEmail('plain');
    await signUpVerified(server, email, STRONG_PASSWORD);
    const { response } = await startSignIn(server, email, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['expiresAt', 'user']);
    expect(cookieOf(server, response)).toContain('=');
    expect((await startSignIn(server, email, OTHER_PASSWORD)).response.statusCode).toBe(401);
  });
});
