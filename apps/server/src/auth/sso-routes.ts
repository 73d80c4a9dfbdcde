import type { Clock, RequestUser } from '@svc/gate';
import { GateError, isGateError } from '@svc/gate';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SsoProviderConfig } from '../config/sso-config.js';
import { requireAuth } from '../plugins/guards.js';
import { sessionCookieOptions } from './auth-session-cookie.js';
import { createOidcRelyingParty, type OidcRelyingParty } from './oidc-relying-party.js';
import {
  openSsoFlow,
  SSO_FLOW_TTL_MS,
  type SsoFlow,
  sealSsoFlow,
  ssoFlowCookieName,
  ssoFlowCookieOptions,
} from './sso-flow-cookie.js';
import {
  ssoCallbackSchema,
  ssoConnectSchema,
  ssoDisconnectSchema,
  ssoIdentitiesSchema,
  ssoProvidersSchema,
  ssoStartSchema,
} from './sso-route-schemas.js';

/** Per-client-IP limit of the routes that start or finish a provider round trip. */
const SSO_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const rateLimit = { ...SSO_RATE_LIMIT, keyGenerator: (request: FastifyRequest) => request.ip };

type ProviderRequest = FastifyRequest<{ Params: { provider: string } }>;

function readUserAgent(request: FastifyRequest): string | undefined {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : undefined;
}

/** Where the console shows the outcome of an attempt: the sign-in form or the Account screen. */
function consolePath(mode: SsoFlow['mode'], query: Record<string, string>): string {
  return `${mode === 'connect' ? '/account' : '/'}?${new URLSearchParams(query).toString()}`;
}

/**
 * Single sign-on with OpenID Connect: the providers list, sign-in and connect round trips and
 * their callback, and the Account screen's list and disconnect. The protocol is the relying
 * party's (`openid-client`); the account rules are the gate's (`gate.sso`). Register inside the
 * /auth area.
 *
 * @example
 * await app.register(ssoRoutes, { clock });
 * // GET /auth/sso/acme/start → 302 to the provider; its redirect to /auth/sso/acme/callback → 302 to /
 */
export const ssoRoutes: FastifyPluginAsync<{ clock: Clock; relyingParty?: OidcRelyingParty }> = async (
  app,
  options,
) => {
  const config = app.svcConfig;
  const { clock } = options;
  const party = options.relyingParty ?? createOidcRelyingParty();
  const flowCookie = ssoFlowCookieName(config);

  function readProvider(id: string): SsoProviderConfig {
    const provider = config.ssoProviders.find((candidate) => candidate.id === id);
    if (!provider) throw new GateError('GATE_NOT_FOUND', `No single sign-on provider "${id}" is configured.`);
    return provider;
  }
  const redirectUriOf = (provider: SsoProviderConfig) =>
    `${config.publicUrl}/auth/sso/${provider.id}/callback`;

  async function redirectToProvider(
    reply: FastifyReply,
    provider: SsoProviderConfig,
    flow: Pick<SsoFlow, 'mode' | 'userId'>,
  ) {
    // Connecting asks the provider to sign in afresh: the identity connected is the one the
    // person picks, not whichever the provider happens to remember in this browser.
    const { url, secrets } = await party.beginSignIn(
      provider,
      redirectUriOf(provider),
      flow.mode === 'connect' ? { prompt: 'login' } : {},
    );
    const sealed = sealSsoFlow(config, {
      ...secrets,
      ...flow,
      providerId: provider.id,
      expiresAt: clock.now() + SSO_FLOW_TTL_MS,
    });
    reply.setCookie(flowCookie, sealed, ssoFlowCookieOptions(config));
    return reply.redirect(url, 302);
  }

  app.get('/sso/providers', { schema: ssoProvidersSchema }, async () => ({
    providers: config.ssoProviders.map(({ id, name }) => ({ id, name })),
  }));

  app.get(
    '/sso/:provider/start',
    { schema: ssoStartSchema, config: { rateLimit } },
    async (request: ProviderRequest, reply) =>
      redirectToProvider(reply, readProvider(request.params.provider), { mode: 'sign-in' }),
  );

  app.get(
    '/sso/:provider/connect',
    { schema: ssoConnectSchema, preHandler: requireAuth, config: { rateLimit } },
    async (request: ProviderRequest, reply) => {
      const user = request.user as RequestUser;
      if (user.via !== 'session')
        throw new GateError(
          'GATE_FORBIDDEN',
          'Connect a provider from a signed-in browser, not with an API key.',
        );
      return redirectToProvider(reply, readProvider(request.params.provider), {
        mode: 'connect',
        userId: user.id,
      });
    },
  );

  app.get(
    '/sso/:provider/callback',
    { schema: ssoCallbackSchema, config: { rateLimit } },
    async (request: ProviderRequest, reply) => {
      const provider = readProvider(request.params.provider);
      const flow = openSsoFlow(config, request.cookies[flowCookie], clock.now());
      // Single use: whatever happens next, this attempt's cookie is gone.
      reply.clearCookie(flowCookie, ssoFlowCookieOptions(config, 0));
      const mode = flow?.mode ?? 'sign-in';
      try {
        if (!flow || flow.providerId !== provider.id) {
          throw new GateError(
            'GATE_SSO_CALLBACK_INVALID',
            'This sign-in attempt is unknown or expired; start again.',
            { details: { providerId: provider.id } },
          );
        }
        const callbackUrl = new URL(request.url, config.publicUrl);
        const claims = await party.finishSignIn(provider, callbackUrl, flow);
        if (flow.mode === 'connect') {
          // The account that started the connection must still be the one signed in here.
          const user = request.user;
          if (user === null || user.id !== flow.userId || user.via !== 'session')
            throw new GateError('GATE_UNAUTHENTICATED', 'Sign in again, then connect the provider.');
          await app.gate.sso.link({ userId: flow.userId, claims });
          return reply.redirect(consolePath('connect', { ssoConnected: provider.id }), 302);
        }
        const outcome = await app.gate.sso.signIn({
          claims,
          userAgent: readUserAgent(request),
          clientAddress: request.ip,
        });
        if ('secondFactor' in outcome) {
          // The console's sign-in form answers it; a fragment never reaches logs or a Referer.
          const challenge = Buffer.from(JSON.stringify(outcome.secondFactor)).toString('base64url');
          return reply.redirect(`/#second-factor=${challenge}`, 302);
        }
        const { session } = outcome;
        const maxAge = Math.floor((session.expiresAt - session.issuedAt) / 1000);
        reply.setCookie(config.cookieName, session.token, sessionCookieOptions(config, maxAge));
        return reply.redirect('/', 302);
      } catch (error) {
        if (!isGateError(error)) throw error;
        request.log.info({ code: error.code, provider: provider.id }, 'single sign-on refused');
        return reply.redirect(consolePath(mode, { ssoError: error.code, provider: provider.id }), 302);
      }
    },
  );

  app.get('/sso/identities', { schema: ssoIdentitiesSchema, preHandler: requireAuth }, async (request) =>
    app.gate.sso.list((request.user as RequestUser).id),
  );

  app.delete(
    '/sso/:provider/identity',
    { schema: ssoDisconnectSchema, preHandler: requireAuth },
    async (request: ProviderRequest, reply) => {
      await app.gate.sso.unlink({
        userId: (request.user as RequestUser).id,
        providerId: request.params.provider,
      });
      return reply.status(204).send();
    },
  );
};
