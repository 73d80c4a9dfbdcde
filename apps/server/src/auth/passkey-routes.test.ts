import { PASSKEY_CHALLENGE_TTL_MS } from '@svc/gate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKey,
  errorCodeOf,
  FIXTURE_ENV,
  PASSWORD,
  setRoles,
  signUp,
} from '../testing/access-test-fixtures.js';
import { logInAs, readSessionCookie, signUpVerified } from '../testing/auth-test-helpers.js';
import { createSoftwareAuthenticator } from '../testing/software-authenticator.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { PASSKEY_LOGIN_RATE_LIMIT } from './passkey-routes.js';

const ORIGIN = 'http://localhost:3000';

describe.each(testDatabaseTargets())('passkeys over HTTP on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => server?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie?: string,
  ) =>
    server.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: cookie ? { cookie } : {},
    });
  const reasonOf = (response: LightMyRequestResponse) =>
    response.json<{ error: { details?: { reason?: string } } }>().error.details?.reason;

  /** A signed-up user with one passkey registered through the routes. */
  async function userWithPasskey(email: string) {
    // Fresh client addresses for sign-up and login: the suite signs in more often than one address may.
    const id = await signUpVerified(server, email, PASSWORD);
    const user = { id, email, cookie: await logInAs(server.app, email, PASSWORD) };
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const options = (
      await call('POST', '/auth/passkeys/registration/options', undefined, user.cookie)
    ).json();
    const created = await call(
      'POST',
      '/auth/passkeys/registration/verify',
      { name: 'Laptop', response: authenticator.register(options) },
      user.cookie,
    );
    expect(created.statusCode).toBe(201);
    return { user, authenticator, passkey: created.json().passkey as { id: string } };
  }
  const loginOptions = async () => (await call('POST', '/auth/passkeys/login/options')).json();

  it('registers a discoverable passkey and signs in with it, without a password', async () => {
    const { user, authenticator, passkey } = await userWithPasskey(`pk-flow-${target.name}@example.com`);
    const listed = (await call('GET', '/auth/passkeys', undefined, user.cookie)).json();
    expect(listed).toMatchObject({
      enabled: true,
      passkeys: [{ id: passkey.id, name: 'Laptop', lastUsedAt: null }],
    });
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await call('POST', '/auth/passkeys/login/verify', {
      response: authenticator.signIn(options),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    const cookie = readSessionCookie(server.app, signedIn);
    const me = await call('GET', '/auth/me', undefined, cookie);
    expect(me.json()).toMatchObject({ id: user.id, via: 'session' });
    const after = (await call('GET', '/auth/passkeys', undefined, cookie)).json();
    expect(after.passkeys[0].lastUsedAt).toBe(server.clock.now());
  });

  it('refuses a wrong, replayed, expired or other-purpose challenge', async () => {
    const { authenticator, user } = await userWithPasskey(`pk-challenge-${target.name}@example.com`);
    const verify = (response: unknown) => call('POST', '/auth/passkeys/login/verify', { response });
    const wrong = await verify(authenticator.signIn(await loginOptions(), { challenge: 'A'.repeat(43) }));
    expect([wrong.statusCode, errorCodeOf(wrong)]).toEqual([400, 'GATE_PASSKEY_CHALLENGE_INVALID']);

    const answer = authenticator.signIn(await loginOptions());
    expect((await verify(answer)).statusCode).toBe(200);
    const replayed = await verify(answer);
    expect([replayed.statusCode, errorCodeOf(replayed)]).toEqual([400, 'GATE_PASSKEY_CHALLENGE_INVALID']);

    const stale = await loginOptions();
    server.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    expect(errorCodeOf(await verify(authenticator.signIn(stale)))).toBe('GATE_PASSKEY_CHALLENGE_INVALID');

    // A registration challenge does not sign anyone in.
    const registration = (
      await call('POST', '/auth/passkeys/registration/options', undefined, user.cookie)
    ).json();
    const crossed = authenticator.signIn({ challenge: registration.challenge, rpId: 'localhost' });
    expect(errorCodeOf(await verify(crossed))).toBe('GATE_PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses an unknown credential, a wrong origin, no user verification and a cloned counter', async () => {
    const { authenticator } = await userWithPasskey(`pk-refusals-${target.name}@example.com`);
    const verify = (response: unknown) => call('POST', '/auth/passkeys/login/verify', { response });
    const stranger = createSoftwareAuthenticator(ORIGIN);
    stranger.register({
      rp: { id: 'localhost', name: 'svc' },
      user: { id: 'c3RyYW5nZXI', name: 's', displayName: 's' },
      challenge: 'A'.repeat(43),
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    const unknown = await verify(stranger.signIn(await loginOptions()));
    expect([unknown.statusCode, errorCodeOf(unknown), reasonOf(unknown)]).toEqual([
      401,
      'GATE_PASSKEY_SIGN_IN_FAILED',
      'unknown-credential',
    ]);
    const elsewhere = await verify(
      authenticator.signIn(await loginOptions(), { origin: 'https://evil.example' }),
    );
    expect([elsewhere.statusCode, reasonOf(elsewhere)]).toEqual([401, 'not-verified']);
    const unverified = await verify(
      authenticator.signIn(await loginOptions(), { withoutUserVerification: true }),
    );
    expect([unverified.statusCode, reasonOf(unverified)]).toEqual([401, 'not-verified']);
    expect((await verify(authenticator.signIn(await loginOptions(), { counter: 10 }))).statusCode).toBe(200);
    const cloned = await verify(authenticator.signIn(await loginOptions(), { counter: 7 }));
    expect([cloned.statusCode, reasonOf(cloned)]).toEqual([401, 'counter-reused']);
  });

  it('refuses a registration from another origin, with another user’s challenge or by API key', async () => {
    const ada = await signUp(server.app, `pk-reg-ada-${target.name}@example.com`);
    const bob = await signUp(server.app, `pk-reg-bob-${target.name}@example.com`);
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const register = (response: unknown, cookie: string) =>
      call('POST', '/auth/passkeys/registration/verify', { name: 'Key', response }, cookie);
    const options = async (cookie: string) =>
      (await call('POST', '/auth/passkeys/registration/options', undefined, cookie)).json();
    const elsewhere = await register(
      authenticator.register(await options(ada.cookie), { origin: 'http://localhost:4000' }),
      ada.cookie,
    );
    expect([elsewhere.statusCode, errorCodeOf(elsewhere)]).toEqual([400, 'GATE_PASSKEY_REJECTED']);
    const borrowed = await register(authenticator.register(await options(ada.cookie)), bob.cookie);
    expect(errorCodeOf(borrowed)).toBe('GATE_PASSKEY_CHALLENGE_INVALID');
    await setRoles(server.app, ada.id, ['member', 'developer']);
    const { key } = await createKey(server.app, ada, 'pk');
    const byKey = await server.app.inject({
      method: 'POST',
      url: '/auth/passkeys/registration/options',
      headers: { authorization: `Bearer ${key}` },
    });
    expect([byKey.statusCode, errorCodeOf(byKey)]).toEqual([403, 'GATE_FORBIDDEN']);
    const named = await register(authenticator.register(await options(ada.cookie)), ada.cookie);
    expect(named.statusCode).toBe(201);
  });

  it('renames and removes only my own passkeys; a removed one signs nobody in', async () => {
    const { user, authenticator, passkey } = await userWithPasskey(`pk-manage-${target.name}@example.com`);
    const other = await signUp(server.app, `pk-manage-other-${target.name}@example.com`);
    const path = `/auth/passkeys/${passkey.id}`;
    expect(errorCodeOf(await call('PATCH', path, { name: 'Mine now' }, other.cookie))).toBe('GATE_NOT_FOUND');
    expect(errorCodeOf(await call('DELETE', path, undefined, other.cookie))).toBe('GATE_NOT_FOUND');
    expect(errorCodeOf(await call('PATCH', path, { name: '   ' }, user.cookie))).toBe('GATE_INVALID_INPUT');
    const renamed = await call('PATCH', path, { name: ' Phone ' }, user.cookie);
    expect(renamed.json().passkey.name).toBe('Phone');
    expect((await call('DELETE', path, undefined, user.cookie)).statusCode).toBe(204);
    const refused = await call('POST', '/auth/passkeys/login/verify', {
      response: authenticator.signIn(await loginOptions()),
    });
    expect([refused.statusCode, reasonOf(refused)]).toEqual([401, 'unknown-credential']);
  });

  it('refuses a disabled account as a password sign-in is refused', async () => {
    const { user, authenticator } = await userWithPasskey(`pk-disabled-${target.name}@example.com`);
    await server.app.gate.accounts.setDisabled({ userId: user.id, disabled: true, by: 'test' });
    const refused = await call('POST', '/auth/passkeys/login/verify', {
      response: authenticator.signIn(await loginOptions()),
    });
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([403, 'GATE_ACCOUNT_DISABLED']);
  });

  it('forgets the passkeys of a deleted account: they sign nobody in', async () => {
    const { user, authenticator } = await userWithPasskey(`pk-deleted-${target.name}@example.com`);
    const deleted = await call('POST', '/account/delete', { password: PASSWORD }, user.cookie);
    expect(deleted.statusCode).toBe(200);
    const stored = await server.database.db
      .selectFrom('passkey_credentials')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([]);
    const refused = await call('POST', '/auth/passkeys/login/verify', {
      response: authenticator.signIn(await loginOptions()),
    });
    expect([refused.statusCode, reasonOf(refused)]).toEqual([401, 'unknown-credential']);
  });

  it('verifies a passkey as the second step of its own account only (gate primitives)', async () => {
    const { user, authenticator } = await userWithPasskey(`pk-second-${target.name}@example.com`);
    const other = await userWithPasskey(`pk-second-other-${target.name}@example.com`);
    const passkeys = server.app.gate.passkeys;
    const codeOfCall = async (run: () => Promise<unknown>) =>
      run().then(
        () => 'passed',
        (error: { code?: string; details?: { reason?: string } }) =>
          `${error.code} ${error.details?.reason ?? ''}`.trim(),
      );
    const options = await passkeys.startSecondFactor({ userId: user.id });
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      authenticator.credentials[0]?.id,
    ]);
    expect(
      await codeOfCall(() =>
        passkeys.verifySecondFactor({ userId: user.id, response: authenticator.signIn(options) }),
      ),
    ).toBe('passed');
    // Another account's passkey, a challenge issued to another account, a sign-in challenge: refused.
    const mine = await passkeys.startSecondFactor({ userId: user.id });
    expect(
      await codeOfCall(() =>
        passkeys.verifySecondFactor({ userId: user.id, response: other.authenticator.signIn(mine) }),
      ),
    ).toBe('GATE_PASSKEY_SIGN_IN_FAILED user-mismatch');
    const theirs = await passkeys.startSecondFactor({ userId: other.user.id });
    expect(
      await codeOfCall(() =>
        passkeys.verifySecondFactor({ userId: user.id, response: authenticator.signIn(theirs) }),
      ),
    ).toBe('GATE_PASSKEY_CHALLENGE_INVALID');
    const signInOptions = await loginOptions();
    expect(
      await codeOfCall(() =>
        passkeys.verifySecondFactor({ userId: user.id, response: authenticator.signIn(signInOptions) }),
      ),
    ).toBe('GATE_PASSKEY_CHALLENGE_INVALID');
    // And a second-step challenge signs nobody in on its own.
    const step = await passkeys.startSecondFactor({ userId: user.id });
    const alone = await call('POST', '/auth/passkeys/login/verify', { response: authenticator.signIn(step) });
    expect(errorCodeOf(alone)).toBe('GATE_PASSKEY_CHALLENGE_INVALID');
  });

  it('limits sign-in options per address', async () => {
    const remoteAddress = '203.0.113.77';
    const ask = () =>
      server.app.inject({ method: 'POST', url: '/auth/passkeys/login/options', remoteAddress });
    for (let index = 0; index < PASSKEY_LOGIN_RATE_LIMIT.max; index++)
      expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect([limited.statusCode, errorCodeOf(limited)]).toEqual([429, 'SERVER_RATE_LIMITED']);
  });

  it('describes every passkey route in /openapi.json', async () => {
    const paths = Object.keys((await call('GET', '/openapi.json')).json<{ paths: object }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/passkeys',
        '/auth/passkeys/{id}',
        '/auth/passkeys/registration/options',
        '/auth/passkeys/registration/verify',
        '/auth/passkeys/login/options',
        '/auth/passkeys/login/verify',
      ]),
    );
  });
});
