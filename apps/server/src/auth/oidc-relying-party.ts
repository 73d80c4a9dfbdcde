import type { VerifiedProviderClaims } from '@svc/gate';
import { GateError } from '@svc/gate';
import * as oidc from 'openid-client';
import type { SsoProviderConfig } from '../config/sso-config.js';

/** The per-attempt secrets the callback checks: kept in the signed flow cookie between the two. */
export interface OidcFlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect wire protocol, through `openid-client`: discovery from the issuer, the
 * authorization code flow with PKCE (S256), `state` and `nonce`, and the ID token validated by the
 * library (signature, issuer, audience, expiry, nonce). The gate only ever sees the verified claims.
 */
export interface OidcRelyingParty {
  /**
   * The provider's authorization URL for this attempt, and the secrets its callback must match.
   * `prompt: 'login'` asks the provider to sign the person in again even when it remembers them.
   */
  beginSignIn(
    provider: SsoProviderConfig,
    redirectUri: string,
    options?: { prompt?: 'login' },
  ): Promise<{ url: string; secrets: OidcFlowSecrets }>;
  /**
   * Exchanges the code of `callbackUrl` (the full URL the provider redirected to) and returns the
   * validated claims. `GATE_SSO_CALLBACK_INVALID` when a check fails (state, nonce, PKCE, token,
   * or the provider answered with an error), `GATE_SSO_PROVIDER_UNAVAILABLE` when it cannot be reached.
   */
  finishSignIn(
    provider: SsoProviderConfig,
    callbackUrl: URL,
    secrets: OidcFlowSecrets,
  ): Promise<VerifiedProviderClaims>;
}

const REQUEST_TIMEOUT_SECONDS = 10;

function unavailable(provider: SsoProviderConfig, cause: unknown): GateError {
  return new GateError(
    'GATE_SSO_PROVIDER_UNAVAILABLE',
    `${provider.name} could not be reached; try again later.`,
    { details: { providerId: provider.id }, cause },
  );
}

/** Errors the protocol's checks raise, as opposed to a network failure. */
function isProtocolError(error: unknown): boolean {
  return (
    error instanceof oidc.ClientError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  );
}

/**
 * Creates the relying party. Each provider's discovery document is read on first use and kept
 * (a failed read is retried on the next attempt), so the server starts while a provider is down.
 * `http:` issuers (refused in production by the configuration) are allowed for local providers.
 *
 * @example
 * const party = createOidcRelyingParty();
 * const { url, secrets } = await party.beginSignIn(provider, `${publicUrl}/auth/sso/acme/callback`);
 */
export function createOidcRelyingParty(): OidcRelyingParty {
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  function discover(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    let found = configurations.get(provider.id);
    if (!found) {
      const insecure = new URL(provider.issuer).protocol === 'http:';
      found = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        oidc.ClientSecretBasic(provider.clientSecret),
        { timeout: REQUEST_TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
      );
      configurations.set(provider.id, found);
      found.catch(() => configurations.delete(provider.id));
    }
    return found.catch((error: unknown) => {
      throw unavailable(provider, error);
    });
  }

  return {
    async beginSignIn(provider, redirectUri, options = {}) {
      const configuration = await discover(provider);
      const secrets = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: provider.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
        state: secrets.state,
        nonce: secrets.nonce,
        ...(options.prompt ? { prompt: options.prompt } : {}),
      });
      return { url: url.href, secrets };
    },

    async finishSignIn(provider, callbackUrl, secrets) {
      const configuration = await discover(provider);
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new oidc.ClientError('the token response has no ID token');
        let email = idToken.email;
        let emailVerified = idToken.email_verified;
        // Many providers put email in the UserInfo answer only; its `sub` must be the ID token's.
        if (email === undefined && configuration.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
          email = info.email;
          emailVerified = info.email_verified;
        }
        return {
          providerId: provider.id,
          subject: idToken.sub,
          email: typeof email === 'string' ? email : undefined,
          // Only a JSON true counts: a string "true" or a missing claim is not a verification.
          emailVerified: emailVerified === true,
        };
      } catch (error) {
        if (!isProtocolError(error)) throw unavailable(provider, error);
        throw new GateError(
          'GATE_SSO_CALLBACK_INVALID',
          `The answer from ${provider.name} did not pass the sign-in checks; start again.`,
          { details: { providerId: provider.id }, cause: error },
        );
      }
    },
  };
}
