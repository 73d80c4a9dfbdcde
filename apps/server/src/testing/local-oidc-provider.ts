import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

// Test support: a real OpenID Connect provider (`oidc-provider`) on loopback; never imported by
// production code. Its login page is a plain form asking which test account signs in; consent is
// granted at once (a first-party client), so a flow is: authorize → login form → back to the client.

/** A person at the provider: `email_verified` as the provider will claim it. */
export interface ProviderAccount {
  subject: string;
  email: string;
  emailVerified: boolean;
}

/** A client registered at the provider. */
export interface ProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** A running provider. */
export interface LocalOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

function loginPage(uid: string, accounts: readonly ProviderAccount[]): string {
  const options = accounts
    .map((account) => `<option value="${escapeHtml(account.subject)}">${escapeHtml(account.email)}</option>`)
    .join('');
  return `<!doctype html><html><head><title>Local provider</title></head><body>
<form method="post" action="/interaction/${uid}/login">
<label for="account">Account</label><select id="account" name="account">${options}</select>
<button type="submit">Continue</button></form></body></html>`;
}

/**
 * Starts a provider on 127.0.0.1 with `clients` and `accounts`; the login form posts the chosen
 * account's subject. Email claims come through UserInfo (the ID token carries `sub`), as many
 * providers do.
 *
 * @example
 * const provider = await startLocalOidcProvider({ clients: [{ clientId, clientSecret, redirectUris }], accounts });
 */
export async function startLocalOidcProvider(input: {
  clients: readonly ProviderClient[];
  accounts: readonly ProviderAccount[];
}): Promise<LocalOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: input.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['local-oidc-provider-test-cookie-key'] },
    // Its own signing key and lifetimes, so the provider does not run on its quick-start defaults.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = input.accounts.find((candidate) => candidate.subject === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified }),
      };
    },
    // A first-party client: every scope asked for is granted without a consent page.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', async (request, response) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(request.url ?? '');
    if (!match?.[1]) return handle(request, response);
    try {
      const details = await provider.interactionDetails(request, response);
      if (request.method === 'POST' && match[2]) {
        const account = (await readForm(request)).get('account') ?? '';
        await provider.interactionFinished(request, response, { login: { accountId: account } });
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(loginPage(details.uid, input.accounts));
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
