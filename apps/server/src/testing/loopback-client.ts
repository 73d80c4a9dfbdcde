// Test support: requests to a test server over real HTTP on loopback; never imported by production code.

/** An answer read whole: status, headers, the raw body's length and its JSON (undefined when not JSON). */
export interface LoopbackAnswer {
  status: number;
  headers: Headers;
  bytes: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests, like `inject().json()`.
  json: any;
}

/**
 * Sends one request to `base` (see `listenOnLoopback`) as a signed-in user (`cookie`) or
 * anonymously, with a JSON body when given.
 *
 * @example
 * const answer = await sendOverLoopback(base, 'POST', '/db/notes', { cookie: user.cookie, body: { title: 'Hi' } });
 */
export async function sendOverLoopback(
  base: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<LoopbackAnswer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes: Buffer.byteLength(text), json };
}
