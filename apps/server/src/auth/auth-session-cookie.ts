import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ServerConfig } from '../config/server-config.js';

/**
 * The attributes of the session cookie: HttpOnly (scripts never see the JWT), SameSite=Lax (not
 * sent on cross-site subrequests or POSTs), Path=/, Secure in production, and the configured
 * Domain when there is one. `maxAgeSeconds` is the session's remaining lifetime.
 *
 * @example
 * reply.setCookie(config.cookieName, token, sessionCookieOptions(config, 604800));
 */
export function sessionCookieOptions(config: ServerConfig, maxAgeSeconds: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.env === 'production',
    maxAge: maxAgeSeconds,
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };
}

/**
 * The attributes that clear the session cookie: the same Path and Domain (or the browser keeps
 * the old one), with Max-Age=0.
 *
 * @example
 * reply.clearCookie(config.cookieName, clearedCookieOptions(config));
 */
export function clearedCookieOptions(config: ServerConfig): CookieSerializeOptions {
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(config, 0);
  return options;
}
