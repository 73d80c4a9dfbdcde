import { generateTotpCode } from '@svc/gate/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { createCookieJarClient } from '../testing/cookie-jar-client.js';
import type { ProviderAccount } from '../testing/local-oidc-provider.js';
import { createSoftwareAuthenticator } from '../testing/software-authenticator.js';
import {
  finishProviderLogin,
  openProviderLogin,
  SSO_CLIENT,
  type SsoHarness,
  signInWithProvider,
  startSsoHarness,
} from '../testing/sso-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { openSsoFlow, sealSsoFlow, ssoFlowCookieName } from './sso-flow-cookie.js';

const ACCOUNTS: ProviderAccount[] = [
  { subject: 'ada-1', email: 'ada@example.test', emailVerified: true },
  { subject: 'unverified-1', email: 'nobody@example.test', emailVerified: false },
  { subject: 'grace-1', email: 'grace@example.test', emailVerified: true },
  { subject: 'grace-fullwidth', email: 'ｇｒａｃｅ@example.test', emailVerified: true },
  { subject: 'grace-cyrillic', email: 'gr\u0430ce@example.test', emailVerified: true },
  { subject: 'linus-1', email: 'linus@example.test', emailVerified: true },
  { subject: 'katherine-1', email: 'katherine@example.test', emailVerified: true },
  { subject: 'margaret-1', email: 'margaret@example.test', emailVerified: true },
  { subject: 'barbara-1', email: 'barbara@example.test', emailVerified: true },
];

describe.each(testDatabaseTargets())(
  'single sign-on with a local OpenID Connect provider on $name',
  (target) => {
    let harness: SsoHarness;
    beforeAll(async () => {
      harness = await startSsoHarness(target, ACCOUNTS);
      // grace has an account of her own, made with a password.
      const signup = await fetch(`${harness.baseUrl}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'grace@example.test', password: STRONG_PASSWORD }),
      });
      expect(signup.status).toBe(201);
    });
    afterAll(async () => harness?.close());

    const countUsers = async () =>
      (await harness.server.database.db.selectFrom('users').select('email').execute()).length;
    const me = async (client: ReturnType<typeof createCookieJarClient>) =>
      client.request(`${harness.baseUrl}/auth/me`);

    it('lists the configured providers without their secrets', async () => {
      const response = await fetch(`${harness.baseUrl}/auth/sso/providers`);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ providers: [{ id: 'acme', name: 'Acme ID' }] });
      expect(text).not.toContain(SSO_CLIENT.clientSecret);
    });

    it('signs a new person in through the code flow and creates a verified account without a password', async () => {
      const client = createCookieJarClient();
      const start = await client.request(`${harness.baseUrl}/auth/sso/acme/start`);
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get('location') ?? '');
      expect(authorize.origin).toBe(harness.provider.issuer);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      for (const name of ['state', 'nonce', 'code_challenge'])
        expect(authorize.searchParams.get(name)?.length).toBeGreaterThan(20);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${harness.baseUrl}/auth/sso/acme/callback`);

      const landed = await signInWithProvider(client, harness, 'ada-1');
      expect(landed.pathname + landed.search).toBe('/');
      const response = await me(client);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        email: 'ada@example.test',
        emailVerified: true,
        via: 'session',
      });
      const identities = await (await client.request(`${harness.baseUrl}/auth/sso/identities`)).json();
      expect(identities).toMatchObject({
        hasPassword: false,
        identities: [{ providerId: 'acme', email: 'ada@example.test' }],
      });

      // A second sign-in finds the same account by the provider's subject.
      const again = createCookieJarClient();
      await signInWithProvider(again, harness, 'ada-1');
      const first = await (await me(client)).json();
      expect((await (await me(again)).json()).id).toBe(first.id);
    });

    it('keeps the last way into an account without a password (409 GATE_SSO_LAST_SIGN_IN_METHOD)', async () => {
      const client = createCookieJarClient();
      await signInWithProvider(client, harness, 'ada-1');
      const response = await client.request(`${harness.baseUrl}/auth/sso/acme/identity`, {
        method: 'DELETE',
      });
      expect(response.status).toBe(409);
      expect((await response.json()).error.code).toBe('GATE_SSO_LAST_SIGN_IN_METHOD');
    });

    it('lets an account without a password disconnect its last provider once it has a passkey, and keeps that passkey', async () => {
      const client = createCookieJarClient();
      await signInWithProvider(client, harness, 'barbara-1');
      const json = (path: string, method = 'POST', body?: unknown) =>
        client.request(`${harness.baseUrl}${path}`, {
          method,
          ...(body === undefined
            ? {}
            : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        });
      // The relying party is the public URL's host as a name (127.0.0.1 becomes localhost).
      const authenticator = createSoftwareAuthenticator(harness.baseUrl.replace('127.0.0.1', 'localhost'));
      const options = await (await json('/auth/passkeys/registration/options')).json();
      const created = await json('/auth/passkeys/registration/verify', 'POST', {
        name: 'Laptop',
        response: authenticator.register(options),
      });
      expect(created.status).toBe(201);
      const passkeyId = (await created.json()).passkey.id as string;

      expect((await json('/auth/sso/acme/identity', 'DELETE')).status).toBe(204);
      const removed = await json(`/auth/passkeys/${encodeURIComponent(passkeyId)}`, 'DELETE');
      expect(removed.status).toBe(409);
      expect((await removed.json()).error.code).toBe('GATE_PASSKEY_LAST_SIGN_IN_METHOD');

      // The passkey still signs her in, without a password or a provider.
      const signInOptions = await (
        await fetch(`${harness.baseUrl}/auth/passkeys/login/options`, { method: 'POST' })
      ).json();
      const signedIn = await fetch(`${harness.baseUrl}/auth/passkeys/login/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response: authenticator.signIn(signInOptions) }),
      });
      expect(signedIn.status).toBe(200);
      expect((await signedIn.json()).user.email).toBe('barbara@example.test');
    });

    it('refuses an email the provider has not verified: GATE_SSO_EMAIL_NOT_VERIFIED, no account', async () => {
      const before = await countUsers();
      const landed = await signInWithProvider(createCookieJarClient(), harness, 'unverified-1');
      expect(landed.searchParams.get('ssoError')).toBe('GATE_SSO_EMAIL_NOT_VERIFIED');
      expect(await countUsers()).toBe(before);
    });

    it.each([
      ['the same address', 'grace-1', 'GATE_SSO_ACCOUNT_EXISTS'],
      ['a fullwidth form of it', 'grace-fullwidth', 'GATE_SSO_ACCOUNT_EXISTS'],
      ['a Cyrillic look-alike of it', 'grace-cyrillic', 'GATE_EMAIL_CONFUSABLE'],
    ])('never links %s to the existing account silently (%s)', async (_name, subject, code) => {
      const before = await countUsers();
      const client = createCookieJarClient();
      const landed = await signInWithProvider(client, harness, subject);
      expect(landed.pathname).toBe('/');
      expect(landed.searchParams.get('ssoError')).toBe(code);
      expect((await me(client)).status).toBe(401);
      expect(await countUsers()).toBe(before);
    });

    it('connects the provider from a signed-in account, then signs in with it, then disconnects it', async () => {
      const client = createCookieJarClient();
      const login = await client.request(`${harness.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'grace@example.test', password: STRONG_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const graceId = (await login.json()).user.id;
      const landed = await signInWithProvider(client, harness, 'grace-1', 'connect');
      expect(landed.pathname + landed.search).toBe('/account?ssoConnected=acme');
      expect(await (await client.request(`${harness.baseUrl}/auth/sso/identities`)).json()).toMatchObject({
        hasPassword: true,
        identities: [{ providerId: 'acme', email: 'grace@example.test' }],
      });

      const viaProvider = createCookieJarClient();
      expect((await signInWithProvider(viaProvider, harness, 'grace-1')).search).toBe('');
      expect((await (await me(viaProvider)).json()).id).toBe(graceId);

      // The identity is taken now: connecting it to another account is refused.
      const ada = createCookieJarClient();
      await signInWithProvider(ada, harness, 'ada-1');
      const taken = await signInWithProvider(ada, harness, 'grace-1', 'connect');
      expect(taken.searchParams.get('ssoError')).toBe('GATE_SSO_IDENTITY_TAKEN');

      const disconnect = await client.request(`${harness.baseUrl}/auth/sso/acme/identity`, {
        method: 'DELETE',
      });
      expect(disconnect.status).toBe(204);
      const refused = await signInWithProvider(createCookieJarClient(), harness, 'grace-1');
      expect(refused.searchParams.get('ssoError')).toBe('GATE_SSO_ACCOUNT_EXISTS');
    });

    it('asks an account with two-step sign-in for its code after the provider, as after a password', async () => {
      const json = (body: unknown) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: harness.baseUrl },
        body: JSON.stringify(body),
      });
      // katherine signs up through the provider, then turns TOTP on from her session.
      const client = createCookieJarClient();
      await signInWithProvider(client, harness, 'katherine-1');
      const begun = await client.request(`${harness.baseUrl}/auth/second-factor/totp`, json({}));
      expect(begun.status).toBe(200);
      const { secret } = (await begun.json()) as { secret: string };
      const code = () => generateTotpCode({ secret, now: harness.server.clock.now() });
      const confirmed = await client.request(
        `${harness.baseUrl}/auth/second-factor/totp/confirm`,
        json({ code: code() }),
      );
      expect(confirmed.status).toBe(200);
      harness.server.clock.advance(30_000);

      // The provider's sign-in alone opens no session: the challenge comes back in the fragment.
      const browser = createCookieJarClient();
      const landed = await signInWithProvider(browser, harness, 'katherine-1');
      expect(landed.pathname + landed.search).toBe('/');
      expect(landed.hash.startsWith('#second-factor=')).toBe(true);
      expect((await me(browser)).status).toBe(401);
      const handed = JSON.parse(
        Buffer.from(landed.hash.slice('#second-factor='.length), 'base64url').toString('utf8'),
      ) as { challenge: string; methods: string[] };
      expect(handed.methods).toContain('totp');

      const wrong = await browser.request(
        `${harness.baseUrl}/auth/login/second-factor`,
        json({ challenge: handed.challenge, code: code() === '000000' ? '111111' : '000000' }),
      );
      expect(wrong.status).toBe(401);
      expect((await me(browser)).status).toBe(401);
      const finished = await browser.request(
        `${harness.baseUrl}/auth/login/second-factor`,
        json({ challenge: handed.challenge, code: code() }),
      );
      expect(finished.status).toBe(200);
      expect(await (await me(browser)).json()).toMatchObject({ email: 'katherine@example.test' });
    });

    it('deletes an account without a password after a recent sign-in at the provider, not an old one', async () => {
      const remove = (client: ReturnType<typeof createCookieJarClient>, body: unknown) =>
        client.request(`${harness.baseUrl}/account/delete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: harness.baseUrl },
          body: JSON.stringify(body),
        });
      const old = createCookieJarClient();
      await signInWithProvider(old, harness, 'margaret-1');
      harness.server.clock.advance(11 * 60_000);
      const stale = await remove(old, {});
      expect(stale.status).toBe(401);
      expect((await stale.json()).error.code).toBe('GATE_RECENT_SIGN_IN_REQUIRED');
      // A made-up password proves nothing for an account that has none.
      expect((await remove(old, { password: STRONG_PASSWORD })).status).toBe(401);

      const fresh = createCookieJarClient();
      await signInWithProvider(fresh, harness, 'margaret-1');
      const deleted = await remove(fresh, {});
      expect(deleted.status).toBe(200);
      expect((await me(fresh)).status).toBe(401);
      expect((await me(old)).status).toBe(401);
    });

    it('refuses connecting without a session: 401', async () => {
      const response = await fetch(`${harness.baseUrl}/auth/sso/acme/connect`, { redirect: 'manual' });
      expect(response.status).toBe(401);
    });

    it('refuses a disabled account: GATE_ACCOUNT_DISABLED', async () => {
      const client = createCookieJarClient();
      await signInWithProvider(client, harness, 'linus-1');
      const { id } = await (await me(client)).json();
      await harness.server.app.gate.accounts.setDisabled({ userId: id, disabled: true, by: 'test' });
      const landed = await signInWithProvider(createCookieJarClient(), harness, 'linus-1');
      expect(landed.searchParams.get('ssoError')).toBe('GATE_ACCOUNT_DISABLED');
    });

    it('refuses a callback whose state is not the one this browser started: GATE_SSO_CALLBACK_INVALID', async () => {
      const client = createCookieJarClient();
      const first = await openProviderLogin(client, `${harness.baseUrl}/auth/sso/acme/start`);
      // A second attempt replaces the flow cookie; the first attempt's answer no longer matches it.
      await openProviderLogin(client, `${harness.baseUrl}/auth/sso/acme/start`);
      const landed = await finishProviderLogin(client, first, 'ada-1', harness.baseUrl);
      expect(landed.searchParams.get('ssoError')).toBe('GATE_SSO_CALLBACK_INVALID');
      expect((await me(client)).status).toBe(401);
    });

    it('refuses an ID token whose nonce is not the one sent: GATE_SSO_CALLBACK_INVALID', async () => {
      const client = createCookieJarClient();
      const action = await openProviderLogin(client, `${harness.baseUrl}/auth/sso/acme/start`);
      const { config, clock } = harness.server;
      const cookieUrl = `${harness.baseUrl}/auth/sso/acme/callback`;
      const flow = openSsoFlow(config, client.read(cookieUrl, ssoFlowCookieName(config)), clock.now());
      if (!flow) throw new Error('no flow cookie');
      client.write(
        cookieUrl,
        ssoFlowCookieName(config),
        sealSsoFlow(config, { ...flow, nonce: 'another-nonce' }),
      );
      const landed = await finishProviderLogin(client, action, 'ada-1', harness.baseUrl);
      expect(landed.searchParams.get('ssoError')).toBe('GATE_SSO_CALLBACK_INVALID');
      expect((await me(client)).status).toBe(401);
    });

    it('refuses a callback without a flow cookie, or with a forged one', async () => {
      const client = createCookieJarClient();
      const bare = await client.request(`${harness.baseUrl}/auth/sso/acme/callback?code=x&state=y`);
      expect(bare.status).toBe(302);
      expect(bare.headers.get('location')).toBe('/?ssoError=GATE_SSO_CALLBACK_INVALID&provider=acme');
      const forged = await fetch(`${harness.baseUrl}/auth/sso/acme/callback?code=x&state=y`, {
        redirect: 'manual',
        headers: { cookie: `${ssoFlowCookieName(harness.server.config)}=e30.AAAA` },
      });
      expect(forged.headers.get('location')).toContain('ssoError=GATE_SSO_CALLBACK_INVALID');
    });

    it('describes every single sign-on route in /openapi.json', async () => {
      const document = await (await fetch(`${harness.baseUrl}/openapi.json`)).json();
      for (const path of [
        '/auth/sso/providers',
        '/auth/sso/{provider}/start',
        '/auth/sso/{provider}/connect',
        '/auth/sso/{provider}/callback',
        '/auth/sso/identities',
        '/auth/sso/{provider}/identity',
      ])
        expect(Object.keys(document.paths)).toContain(path);
      expect(JSON.stringify(document)).not.toContain(SSO_CLIENT.clientSecret);
    });

    it('answers 404 for a provider that is not configured', async () => {
      const response = await fetch(`${harness.baseUrl}/auth/sso/nobody/start`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('GATE_NOT_FOUND');
    });
  },
);
