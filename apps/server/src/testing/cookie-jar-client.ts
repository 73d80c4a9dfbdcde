import { createServer } from 'node:net';

// Test support: a tiny browser stand-in over real HTTP (fetch) that keeps cookies the way a
// browser does (per host, per path, Max-Age) and follows redirects; never imported by production code.

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

/** A cookie-keeping HTTP client. */
export interface CookieJarClient {
  /** One request with the jar's cookies; stores what the response sets. Never follows redirects. */
  request(
    url: string,
    init?: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /**
   * Follows redirects from `url` until a response is not a redirect or the next URL satisfies
   * `stopAt` (returned without being fetched). `first` is the first request's method and body.
   */
  follow(
    url: string,
    stopAt: (next: URL) => boolean,
    first?: { method: string; body: string; headers?: Record<string, string> },
  ): Promise<{ url: URL; response: Response | undefined }>;
  /** The value of a cookie the jar holds for `url`'s host and path. */
  read(url: string, name: string): string | undefined;
  /** Replaces the value of a held cookie (a test tampering with it). */
  write(url: string, name: string, value: string): void;
}

function parseSetCookie(header: string, url: URL): { cookie: StoredCookie; expired: boolean } {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const cookie: StoredCookie = {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    host: url.hostname,
    path: '/',
  };
  let expired = false;
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'path') cookie.path = value || '/';
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) expired = true;
    if (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) expired = true;
  }
  return { cookie, expired };
}

const pathMatches = (cookiePath: string, path: string) =>
  path === cookiePath || path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);

/**
 * Creates an empty jar.
 *
 * @example
 * const client = createCookieJarClient();
 * const end = await client.follow(`${baseUrl}/auth/sso/acme/start`, (next) => next.pathname === '/');
 */
export function createCookieJarClient(): CookieJarClient {
  let cookies: StoredCookie[] = [];
  const cookieHeader = (url: URL) =>
    cookies
      .filter((cookie) => cookie.host === url.hostname && pathMatches(cookie.path, url.pathname))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');

  const client: CookieJarClient = {
    async request(url, init = {}) {
      const target = new URL(url);
      const header = cookieHeader(target);
      const response = await fetch(target, {
        method: init.method ?? 'GET',
        redirect: 'manual',
        headers: { ...(header ? { cookie: header } : {}), ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
      });
      for (const line of response.headers.getSetCookie()) {
        const { cookie, expired } = parseSetCookie(line, target);
        cookies = cookies.filter(
          (held) => !(held.name === cookie.name && held.host === cookie.host && held.path === cookie.path),
        );
        if (!expired) cookies.push(cookie);
      }
      return response;
    },
    async follow(url, stopAt, first) {
      let next = new URL(url);
      let init: Parameters<CookieJarClient['request']>[1] = first;
      for (let hop = 0; hop < 20; hop++) {
        const response = await client.request(next.href, init);
        init = undefined;
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) return { url: next, response };
        await response.arrayBuffer();
        next = new URL(location, next);
        if (stopAt(next)) return { url: next, response: undefined };
      }
      throw new Error(`too many redirects from ${url}`);
    },
    read(url, name) {
      const target = new URL(url);
      return cookies.find(
        (cookie) =>
          cookie.name === name &&
          cookie.host === target.hostname &&
          pathMatches(cookie.path, target.pathname),
      )?.value;
    },
    write(url, name, value) {
      const target = new URL(url);
      const held = cookies.find(
        (cookie) =>
          cookie.name === name &&
          cookie.host === target.hostname &&
          pathMatches(cookie.path, target.pathname),
      );
      if (!held) throw new Error(`no cookie ${name} for ${url}`);
      held.value = value;
    },
  };
  return client;
}

/**
 * A free TCP port on 127.0.0.1 (for a server whose public URL must be known before it listens).
 *
 * @example
 * const port = await reserveLoopbackPort();
 */
export async function reserveLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
