import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, Socket } from 'node:net';

/** Why a network action was refused or failed. */
export class NetAccessError extends Error {
  readonly code: 'E_HOST_NET_FORBIDDEN' | 'E_HOST_NET';
  constructor(code: NetAccessError['code'], message: string) {
    super(message);
    this.name = 'NetAccessError';
    this.code = code;
  }
}

/**
 * Which hosts scripts may reach: an admin's list of host names or IP literals, each optionally
 * with a port (`api.example.com`, `127.0.0.1:8080`, `[::1]:3000`). A name without a port allows
 * every port of that name.
 */
export interface NetAllowList {
  entries: readonly string[];
}

/** Bounds of every network action. */
export interface NetBounds {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
}

/** An HTTP answer as a script sees it. */
export interface NetResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  url: string;
  redirects: number;
}

function normaliseHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** Reads an allow-list entry into its host and optional port. */
function readEntry(entry: string): { host: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed)
    return {
      host: normaliseHost(bracketed[1] as string),
      ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}),
    };
  const parts = entry.split(':');
  if (parts.length === 2 && /^\d+$/.test(parts[1] as string))
    return { host: normaliseHost(parts[0] as string), port: Number(parts[1]) };
  return { host: normaliseHost(entry) };
}

/** True when the allow-list lets scripts reach `host` on `port` (any port when `port` is omitted and only names are compared). */
export function isHostAllowed(allow: NetAllowList, host: string, port?: number): boolean {
  const wanted = normaliseHost(host);
  return allow.entries.some((entry) => {
    const allowed = readEntry(entry.trim());
    return (
      allowed.host === wanted && (allowed.port === undefined || port === undefined || allowed.port === port)
    );
  });
}

function assertAllowed(allow: NetAllowList, host: string, port?: number): void {
  if (!isHostAllowed(allow, host, port)) {
    throw new NetAccessError(
      'E_HOST_NET_FORBIDDEN',
      `${host}${port === undefined ? '' : `:${port}`} is not on the network allow-list (SVC_LMX_NET_ALLOWED_HOSTS).`,
    );
  }
}

function readUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new NetAccessError('E_HOST_NET', `"${text.slice(0, 200)}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NetAccessError('E_HOST_NET', `Only http: and https: URLs are reachable, not ${url.protocol}`);
  }
  if (url.username || url.password)
    throw new NetAccessError('E_HOST_NET', 'URLs with credentials are refused.');
  return url;
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** One request/response exchange with a size cap; no redirect is followed here. */
function exchange(
  url: URL,
  init: { method: string; body?: string; headers: Record<string, string> },
  bounds: NetBounds,
  deadline: number,
): Promise<{ response: IncomingMessage; body: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const remaining = Math.max(1, deadline - Date.now());
    const request = send(url, {
      method: init.method,
      headers: { 'user-agent': 'svc-lmnet', ...init.headers },
      timeout: remaining,
      ...(bounds.signal ? { signal: bounds.signal } : {}),
    });
    const timer = setTimeout(
      () =>
        request.destroy(
          new NetAccessError('E_HOST_NET', `${url.host} did not answer within ${bounds.timeoutMs} ms.`),
        ),
      remaining,
    );
    request.on('timeout', () =>
      request.destroy(
        new NetAccessError('E_HOST_NET', `${url.host} did not answer within ${bounds.timeoutMs} ms.`),
      ),
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(
        error instanceof NetAccessError
          ? error
          : new NetAccessError(
              'E_HOST_NET',
              `${url.host}: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
            ),
      );
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = bounds.maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          response.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      const done = (): void => {
        clearTimeout(timer);
        resolve({ response, body: Buffer.concat(chunks).toString('utf8'), truncated });
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.end(init.body);
  });
}

/**
 * Sends an HTTP request to an allowed host, within a time bound and a size cap, following at
 * most `maxRedirects` redirects — each hop checked against the allow-list again, so a redirect
 * never leads a script off the list. Credentials in URLs are refused; only http and https.
 *
 * @example
 * await fetchAllowed({ entries: ['127.0.0.1'] }, { method: 'GET', url: 'http://127.0.0.1:3000/healthz' }, bounds);
 */
export async function fetchAllowed(
  allow: NetAllowList,
  init: { method: 'GET' | 'POST'; url: string; body?: string; contentType?: string },
  bounds: NetBounds,
): Promise<NetResponse> {
  const deadline = Date.now() + bounds.timeoutMs;
  let url = readUrl(init.url);
  let method: string = init.method;
  let body = init.body;
  for (let redirects = 0; ; redirects++) {
    assertAllowed(allow, url.hostname, portOf(url));
    const headers: Record<string, string> =
      body !== undefined ? { 'content-type': init.contentType ?? 'application/json' } : {};
    const {
      response,
      body: text,
      truncated,
    } = await exchange(url, { method, ...(body !== undefined ? { body } : {}), headers }, bounds, deadline);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      if (redirects >= bounds.maxRedirects) {
        throw new NetAccessError(
          'E_HOST_NET',
          `More than ${bounds.maxRedirects} redirects (last to ${location.slice(0, 200)}).`,
        );
      }
      url = readUrl(new URL(location, url).toString());
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && name !== 'set-cookie')
        flat[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status, headers: flat, body: text, truncated, url: url.toString(), redirects };
  }
}

/** The addresses an allowed host name resolves to (IP literals answer themselves). */
export async function resolveAllowed(allow: NetAllowList, host: string): Promise<string[]> {
  assertAllowed(allow, host);
  if (isIP(normaliseHost(host))) return [normaliseHost(host)];
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.map((entry) => entry.address).sort();
  } catch (error) {
    throw new NetAccessError(
      'E_HOST_NET',
      `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
}

/** Whether a TCP connection to an allowed host's port opens within the time bound. */
export function probePort(
  allow: NetAllowList,
  host: string,
  port: number,
  timeoutMs: number,
): Promise<'open' | 'closed' | 'timeout'> {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    return Promise.reject(new NetAccessError('E_HOST_NET', `${port} is not a port (1 to 65535).`));
  }
  try {
    assertAllowed(allow, host, port);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve) => {
    const socket = new Socket();
    const settle = (state: 'open' | 'closed' | 'timeout'): void => {
      socket.destroy();
      resolve(state);
    };
    socket.setTimeout(timeoutMs, () => settle('timeout'));
    socket.once('connect', () => settle('open'));
    socket.once('error', () => settle('closed'));
    socket.connect(port, normaliseHost(host));
  });
}
