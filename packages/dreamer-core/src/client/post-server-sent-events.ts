import { type ServerErrorBody, SseHttpError, SseOptionsError, SseProtocolError } from './client-errors.js';
import { readServerSentEvents, type ServerSentEvent } from './read-server-sent-events.js';

/** The subset of `fetch` the client uses; pass your own to add a proxy, retries or a test double. */
export type FetchFunction = (input: string | URL, init: RequestInit) => Promise<Response>;

/** Options of {@link postServerSentEvents}. */
export interface PostServerSentEventsOptions {
  /** Sent as JSON. */
  body: unknown;
  /** Extra request headers, e.g. `authorization: Bearer svc_…`. */
  headers?: Record<string, string>;
  /** Aborts the request or the stream; the generator then throws the signal's reason. */
  signal?: AbortSignal;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFunction;
  /** Called with the text of each comment line, such as the server's `: ping`. */
  onComment?: (text: string) => void;
}

/**
 * POSTs a JSON body with `accept: text/event-stream` and yields the server-sent events of
 * the answer. A non-2xx answer throws {@link SseHttpError} (with the server's JSON error body
 * when there is one); a 2xx answer that is not an event stream throws {@link SseProtocolError}.
 *
 * @example
 * ```ts
 * for await (const message of postServerSentEvents('http://127.0.0.1:3000/api/dreamer/run/stream', {
 *   body: { topic: 'tools for beekeepers' },
 *   headers: { authorization: `Bearer ${apiKey}` },
 * })) console.log(message.event);
 * ```
 */
export async function* postServerSentEvents(
  url: string | URL,
  options: PostServerSentEventsOptions,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const target = toHttpUrl(url);
  if (typeof options !== 'object' || options === null || options.body === undefined)
    throw new SseOptionsError('postServerSentEvents needs options with a JSON body');
  const fetchFunction = options.fetch ?? globalThis.fetch;
  if (typeof fetchFunction !== 'function') throw new SseOptionsError('no fetch function is available');
  const headers = new Headers(options.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  headers.set('accept', 'text/event-stream');
  const response = await fetchFunction(target, {
    method: 'POST',
    headers,
    body: JSON.stringify(options.body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new SseHttpError(response.status, toServerErrorBody(text), text);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'text/event-stream') {
    await response.body?.cancel().catch(() => undefined);
    throw new SseProtocolError(
      `expected a text/event-stream answer, got ${contentType === '' ? 'no content type' : `'${contentType}'`}`,
    );
  }
  yield* readServerSentEvents(response, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onComment ? { onComment: options.onComment } : {}),
  });
}

function toHttpUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SseOptionsError(`not a URL: '${String(url)}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new SseOptionsError(`not an http(s) URL: '${parsed.href}'`);
  return parsed;
}

/** The server's `{ error: { code, message, details? } }`, when the text is one. */
function toServerErrorBody(text: string): ServerErrorBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const error = value.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const details = (error as Record<string, unknown>).details;
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
