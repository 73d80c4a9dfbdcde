import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  logInAs,
  OTHER_PASSWORD,
  STRONG_PASSWORD,
  signUpVerified,
} from '../testing/auth-test-helpers.js';
import { codeAt, cookieOf, enrolPerson, post, startSignIn } from '../testing/second-factor-test-helpers.js';
import { createSoftwareAuthenticator } from '../testing/software-authenticator.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// Issue 27: a passkey as the second step of a password sign-in, over HTTP on both databases, with
// the software authenticator answering the options the server gives for the challenge.
const ORIGIN = 'http://localhost:3000';

describe.each(testDatabaseTargets())('a passkey as the second step on $name', (target) => {
  let server: TestServer;
  let people = 0;
  const newEmail = (label: string) => `${label}-${++people}-${target.name}@example.com`;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'true', SVC_PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => server?.close());

  /** Registers a passkey for a signed-in person through the routes, as the Account screen does. */
  async function addPasskey(cookie: string) {
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const options = (await post(server, '/auth/passkeys/registration/options', {}, cookie)).json();
    const created = await post(
      server,
      '/auth/passkeys/registration/verify',
      { name: 'Key', response: authenticator.register(options) },
      cookie,
    );
    if (created.statusCode !== 201) throw new Error(`registration failed: ${created.body}`);
    return authenticator;
  }

  /** A person whose only second factor is a passkey (registered while signed in before it counted). */
  async function personWithPasskey(label: string) {
    const email = newEmail(label);
    await signUpVerified(server, email, STRONG_PASSWORD);
    const cookie = await logInAs(server.app, email, STRONG_PASSWORD);
    return { email, cookie, authenticator: await addPasskey(cookie) };
  }

  const optionsFor = (challenge: string | undefined) =>
    post(server, '/auth/passkeys/second-factor/options', { challenge: challenge ?? '' });
  const answer = (challenge: string | undefined, passkey: unknown) =>
    post(server, '/auth/login/second-factor', { challenge: challenge ?? '', passkey });
  const status = (response: LightMyRequestResponse) => [response.statusCode, codeOf(response)];

  it('asks a passkey-only account for its passkey after the password, and opens a session with it', async () => {
    const person = await personWithPasskey('ada');
    const settings = await server.app.inject({
      method: 'GET',
      url: '/auth/second-factor',
      headers: { cookie: person.cookie },
    });
    expect(settings.json()).toMatchObject({ totp: 'off', passkey: true });
    const { response, challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
    expect(response.cookies).toEqual([]);
    expect(response.json().secondFactor).toMatchObject({ methods: ['passkey'], enrolmentRequired: false });
    const options = (await optionsFor(challenge)).json();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials.map((item: { id: string }) => item.id)).toEqual([
      person.authenticator.credentials[0]?.id,
    ]);
    const done = await answer(challenge, person.authenticator.signIn(options));
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(person.email);
    const me = await server.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: cookieOf(server, done) },
    });
    expect(me.json().email).toBe(person.email);
  });

  it('asks for the passkey after another first factor too (single sign-on)', async () => {
    const person = await personWithPasskey('sso');
    const row = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    const outcome = await server.app.gate.secondFactor.afterFirstFactor({ userId: row.id, method: 'sso' });
    if (!('secondFactor' in outcome)) throw new Error('expected a challenge');
    expect(outcome.secondFactor.methods).toEqual(['passkey']);
    const { challenge } = outcome.secondFactor;
    const options = (await optionsFor(challenge)).json();
    expect((await answer(challenge, person.authenticator.signIn(options))).statusCode).toBe(200);
  });

  it('offers the passkey beside the code when both are on, and either answers', async () => {
    const person = await enrolPerson(server, newEmail('grace'), STRONG_PASSWORD);
    const authenticator = await addPasskey(person.cookie);
    const first = await startSignIn(server, person.email, STRONG_PASSWORD);
    expect(first.response.json().secondFactor.methods).toEqual(['passkey', 'totp', 'recovery_code']);
    const options = (await optionsFor(first.challenge)).json();
    expect((await answer(first.challenge, authenticator.signIn(options))).statusCode).toBe(200);
    const second = await startSignIn(server, person.email, STRONG_PASSWORD);
    const byCode = await post(server, '/auth/login/second-factor', {
      challenge: second.challenge,
      code: codeAt(server, person.secret),
    });
    expect(byCode.statusCode).toBe(200);
  });

  it('fails a wrong password with a valid passkey exactly as a right password with a wrong passkey', async () => {
    const person = await personWithPasskey('alan');
    const wrong = await startSignIn(server, person.email, OTHER_PASSWORD);
    const right = await startSignIn(server, person.email, STRONG_PASSWORD);
    expect(wrong.response.json().secondFactor.methods).toEqual(['passkey']);
    // The options do not tell the two apart either.
    const wrongOptions = await optionsFor(wrong.challenge);
    expect(wrongOptions.statusCode).toBe(200);
    const wrongPasswordValidPasskey = await answer(
      wrong.challenge,
      person.authenticator.signIn(wrongOptions.json()),
    );
    const rightOptions = (await optionsFor(right.challenge)).json();
    const rightPasswordWrongPasskey = await answer(
      right.challenge,
      person.authenticator.signIn(rightOptions, { challenge: wrongOptions.json().challenge }),
    );
    expect(status(wrongPasswordValidPasskey)).toEqual([401, 'GATE_INVALID_CREDENTIALS']);
    expect(wrongPasswordValidPasskey.body).toBe(rightPasswordWrongPasskey.body);
    expect(wrongPasswordValidPasskey.cookies).toEqual([]);
    expect(rightPasswordWrongPasskey.cookies).toEqual([]);
  });

  it("refuses another account's passkey and a replayed assertion", async () => {
    const person = await personWithPasskey('barbara');
    const other = await personWithPasskey('edsger');
    const first = await startSignIn(server, person.email, STRONG_PASSWORD);
    const options = (await optionsFor(first.challenge)).json();
    const theirs = await answer(first.challenge, other.authenticator.signIn(options));
    expect(status(theirs)).toEqual([401, 'GATE_INVALID_CREDENTIALS']);
    // The same challenge, now with the right passkey but an assertion already used once.
    const again = await startSignIn(server, person.email, STRONG_PASSWORD);
    const assertion = person.authenticator.signIn((await optionsFor(again.challenge)).json());
    expect((await answer(again.challenge, assertion)).statusCode).toBe(200);
    const later = await startSignIn(server, person.email, STRONG_PASSWORD);
    const replayed = await answer(later.challenge, assertion);
    expect(status(replayed)).toEqual([401, 'GATE_INVALID_CREDENTIALS']);
  });

  it('counts wrong passkey answers in the per-account login throttle, as wrong codes', async () => {
    const person = await personWithPasskey('kathleen');
    const other = await personWithPasskey('intruder');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
      const options = (await optionsFor(challenge)).json();
      statuses.push((await answer(challenge, other.authenticator.signIn(options))).statusCode);
    }
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses).toContain(429);
  });

  it('gives passkey options only for a live challenge of an account with a passkey', async () => {
    const unknown = await optionsFor('A'.repeat(43));
    expect(status(unknown)).toEqual([401, 'GATE_SECOND_FACTOR_CHALLENGE_INVALID']);
    const totpOnly = await enrolPerson(server, newEmail('totp'), STRONG_PASSWORD);
    const totpChallenge = await startSignIn(server, totpOnly.email, STRONG_PASSWORD);
    expect(await optionsFor(totpChallenge.challenge).then(status)).toEqual(status(unknown));
    expect((await optionsFor(totpChallenge.challenge)).body).toBe(unknown.body);
    const person = await personWithPasskey('expired');
    const { challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
    server.clock.advance(10 * 60_000);
    expect((await optionsFor(challenge)).body).toBe(unknown.body);
  });

  it('takes exactly one answer: a code and a passkey together are refused', async () => {
    const person = await personWithPasskey('both');
    const { challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
    const options = (await optionsFor(challenge)).json();
    const both = await post(server, '/auth/login/second-factor', {
      challenge,
      code: '123456',
      passkey: person.authenticator.signIn(options),
    });
    expect(status(both)).toEqual([400, 'SERVER_VALIDATION']);
  });

  it("satisfies a role's two-step requirement with a passkey: no enrolment asked", async () => {
    const person = await personWithPasskey('role');
    const without = newEmail('role-none');
    await signUpVerified(server, without, STRONG_PASSWORD);
    const gate = server.app.gate.secondFactor;
    await gate.setRoleRequirement({ role: 'member', required: true, by: null });
    try {
      // A member with neither is asked to enrol; the one with a passkey is not.
      const none = await startSignIn(server, without, STRONG_PASSWORD);
      expect(none.response.json().secondFactor).toMatchObject({ methods: [], enrolmentRequired: true });
      const { response, challenge } = await startSignIn(server, person.email, STRONG_PASSWORD);
      expect(response.json().secondFactor).toMatchObject({ methods: ['passkey'], enrolmentRequired: false });
      const options = (await optionsFor(challenge)).json();
      expect((await answer(challenge, person.authenticator.signIn(options))).statusCode).toBe(200);
    } finally {
      await gate.setRoleRequirement({ role: 'member', required: false, by: null });
    }
  });

  it('describes the passkey answer in /openapi.json', async () => {
    const spec = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(spec.paths['/auth/passkeys/second-factor/options'].post).toBeDefined();
    const body = spec.paths['/auth/login/second-factor'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['challenge', 'code', 'recoveryCode', 'passkey']);
  });
});
