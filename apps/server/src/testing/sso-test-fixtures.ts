import { ssoVariablePrefix } from '../config/sso-config.js';
import { type CookieJarClient, reserveLoopbackPort } from './cookie-jar-client.js';
import {
  type LocalOidcProvider,
  type ProviderAccount,
  startLocalOidcProvider,
} from './local-oidc-provider.js';
import type { TestDatabaseTarget } from './test-databases.js';
import { createTestServer, type TestServer } from './test-server.js';

// Test support for the single sign-on suites; never imported by production code.

export const SSO_PROVIDER_ID = 'acme';
export const SSO_PROVIDER_NAME = 'Acme ID';
export const SSO_CLIENT = {
  clientId: 'svc-console',
  clientSecret: 'acme-client-secret-never-shown-0123456789',
};

/** A server listening on loopback with a real local provider configured as `acme`. */
export interface SsoHarness {
  server: TestServer;
  baseUrl: string;
  provider: LocalOidcProvider;
  close(): Promise<void>;
}

/**
 * Starts a local provider with `accounts` and a server on `target` that knows it as `acme`
 * (its public URL is the address it listens on, so the registered redirect URI is real).
 *
 * @example
 * const harness = await startSsoHarness(target, accounts);
 */
export async function startSsoHarness(
  target: TestDatabaseTarget,
  accounts: readonly ProviderAccount[],
  env: Record<string, string> = {},
): Promise<SsoHarness> {
  const port = await reserveLoopbackPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const provider = await startLocalOidcProvider({
    clients: [{ ...SSO_CLIENT, redirectUris: [`${baseUrl}/auth/sso/${SSO_PROVIDER_ID}/callback`] }],
    accounts,
  });
  const prefix = ssoVariablePrefix(SSO_PROVIDER_ID);
  const server = await createTestServer(target, {
    SVC_PUBLIC_URL: baseUrl,
    SVC_SSO_PROVIDERS: SSO_PROVIDER_ID,
    [`${prefix}NAME`]: SSO_PROVIDER_NAME,
    [`${prefix}ISSUER`]: provider.issuer,
    [`${prefix}CLIENT_ID`]: SSO_CLIENT.clientId,
    [`${prefix}CLIENT_SECRET`]: SSO_CLIENT.clientSecret,
    ...env,
  });
  await server.app.listen({ host: '127.0.0.1', port });
  return {
    server,
    baseUrl,
    provider,
    async close() {
      await server.close();
      await provider.close();
    },
  };
}

/** The provider's login form reached by following `startUrl`: the form's action URL. */
export async function openProviderLogin(client: CookieJarClient, startUrl: string): Promise<string> {
  const { url, response } = await client.follow(startUrl, () => false);
  const html = (await response?.text()) ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action)
    throw new Error(`no provider login form at ${url.href}: ${response?.status} ${html.slice(0, 200)}`);
  return new URL(action, url).href;
}

/**
 * Submits the provider's login form as `subject` and follows the redirects back to the server
 * until they leave /auth: the console URL the person lands on (`/?ssoError=…`, `/account?…`, `/`).
 */
export async function finishProviderLogin(
  client: CookieJarClient,
  action: string,
  subject: string,
  baseUrl: string,
): Promise<URL> {
  const origin = new URL(baseUrl).origin;
  const backHome = (next: URL) => next.origin === origin && !next.pathname.startsWith('/auth/');
  let form = { action, fields: new URLSearchParams({ account: subject }) };
  // The provider may answer with a page whose script submits a form at once (ending its previous
  // session when another account signs in): a browser submits it, so does this loop.
  for (let page = 0; page < 5; page++) {
    const { url, response } = await client.follow(form.action, backHome, {
      method: 'POST',
      body: form.fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (!response) return url;
    const html = await response.text();
    const next = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
    if (!next || !html.includes('document.forms[0].submit()'))
      throw new Error(`stopped at ${url.href} with ${response.status}: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
      fields.set(match[1] ?? '', match[2] ?? '');
    form = { action: new URL(next, url).href, fields };
  }
  throw new Error('the provider kept answering with forms');
}

/** One whole sign-in from the start route as `subject`: where the person lands. */
export async function signInWithProvider(
  client: CookieJarClient,
  harness: SsoHarness,
  subject: string,
  route: 'start' | 'connect' = 'start',
): Promise<URL> {
  const action = await openProviderLogin(client, `${harness.baseUrl}/auth/sso/${SSO_PROVIDER_ID}/${route}`);
  return finishProviderLogin(client, action, subject, harness.baseUrl);
}
