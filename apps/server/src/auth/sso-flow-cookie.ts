import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ServerConfig } from '../config/server-config.js';
import type { OidcFlowSecrets } from './oidc-relying-party.js';

/** What a single sign-on attempt carries from its start to its callback. */
export interface SsoFlow extends OidcFlowSecrets {
  providerId: string;
  /** `sign-in` from the sign-in form; `connect` from the Account screen, for `userId` only. */
  mode: 'sign-in' | 'connect';
  userId?: string | undefined;
  /** Epoch ms after which the callback refuses the attempt. */
  expiresAt: number;
}

/** How long a person has at the provider before the attempt lapses. */
export const SSO_FLOW_TTL_MS = 10 * 60 * 1000;
/** The cookie's path: only the /auth/sso routes ever receive it. */
export const SSO_FLOW_COOKIE_PATH = '/auth/sso';

/** The flow cookie's name, beside the session cookie's. */
export function ssoFlowCookieName(config: ServerConfig): string {
  return `${config.cookieName}_sso`;
}

function keyOf(config: ServerConfig): Buffer {
  // A key of its own, derived from the JWT secret, so a flow cookie can never pass for a session.
  return createHmac('sha256', config.jwtSecret).update('svc-sso-flow-cookie').digest();
}

function sign(config: ServerConfig, payload: string): Buffer {
  return createHmac('sha256', keyOf(config)).update(payload).digest();
}

/**
 * Seals a flow into the cookie's value: base64url JSON and its HMAC-SHA256. The value is signed,
 * not encrypted: it sits in an HttpOnly cookie of the person's own browser, and the PKCE verifier
 * only matters to whoever also holds the authorization code.
 *
 * @example
 * reply.setCookie(ssoFlowCookieName(config), sealSsoFlow(config, flow), ssoFlowCookieOptions(config));
 */
export function sealSsoFlow(config: ServerConfig, flow: SsoFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${sign(config, payload).toString('base64url')}`;
}

function isFlow(value: unknown): value is SsoFlow {
  if (typeof value !== 'object' || value === null) return false;
  const flow = value as Record<string, unknown>;
  return (
    typeof flow.providerId === 'string' &&
    typeof flow.state === 'string' &&
    typeof flow.nonce === 'string' &&
    typeof flow.codeVerifier === 'string' &&
    (flow.mode === 'sign-in' || flow.mode === 'connect') &&
    (flow.userId === undefined || typeof flow.userId === 'string') &&
    typeof flow.expiresAt === 'number'
  );
}

/**
 * Opens a sealed flow; undefined when missing, tampered with (timing-safe check), malformed or
 * expired at `now`.
 *
 * @example
 * const flow = openSsoFlow(config, request.cookies[ssoFlowCookieName(config)], clock.now());
 */
export function openSsoFlow(
  config: ServerConfig,
  sealed: string | undefined,
  now: number,
): SsoFlow | undefined {
  if (!sealed) return undefined;
  const [payload, signature, extra] = sealed.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = sign(config, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let flow: unknown;
  try {
    flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  return isFlow(flow) && flow.expiresAt > now ? flow : undefined;
}

/**
 * The flow cookie's attributes: HttpOnly, SameSite=Lax (sent on the provider's top-level redirect
 * back), Path=/auth/sso, Secure in production, ten minutes (`maxAgeSeconds` 0 clears it).
 *
 * @example
 * reply.clearCookie(ssoFlowCookieName(config), ssoFlowCookieOptions(config, 0));
 */
export function ssoFlowCookieOptions(
  config: ServerConfig,
  maxAgeSeconds = SSO_FLOW_TTL_MS / 1000,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: SSO_FLOW_COOKIE_PATH,
    secure: config.env === 'production',
    maxAge: maxAgeSeconds,
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };
}
