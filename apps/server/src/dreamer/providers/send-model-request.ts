import type { CompletionRequest, CompletionResult } from '@svc/dreamer-core';
import {
  isRetryableStatus,
  ModelProviderError,
  readRetryAfter,
  toSafeUpstreamText,
} from './model-provider-error.js';

/** One POST to a model provider. */
export interface ModelRequest {
  /** Provider name, for messages. */
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Only used to redact it from upstream text; never put in a message. */
  apiKey: string | undefined;
  signal: AbortSignal;
  fetch: typeof fetch;
}

/**
 * The URL without credentials, query or trailing slash, safe for messages and listings.
 *
 * @example
 * ```ts
 * toSafeUrl('https://user:secret@llm.internal/v1/?key=k'); // 'https://llm.internal/v1'
 * ```
 */
export function toSafeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : cause?.message;
  return typeof detail === 'string' && detail !== '' ? `${error.message} (${detail})` : error.message;
}

/**
 * Maps a failure of fetch or of reading a body: the signal's own reason when the caller
 * aborted, otherwise a retryable network error.
 */
export function toTransportError(error: unknown, request: ModelRequest, what: string): unknown {
  if (request.signal.aborted) return request.signal.reason;
  if (error instanceof ModelProviderError) return error;
  if (error instanceof Error && error.name === 'AbortError') {
    return new ModelProviderError('MODEL_ABORTED', `${request.provider} request was aborted`, {
      cause: error,
    });
  }
  const reason = toSafeUpstreamText(describeFailure(error), request.apiKey);
  return new ModelProviderError(
    'MODEL_NETWORK_ERROR',
    `${request.provider} ${what} (${toSafeUrl(request.url)}): ${reason}`,
    { retryable: true, cause: error },
  );
}

/** Most bytes of a model answer read (JSON body or event stream): far past any real completion. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Most bytes of an error body read: its explanation is in the first few hundred. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Reads a body as UTF-8 text, at most `limit` bytes: past it the connection is closed and the
 * call fails with `MODEL_BAD_RESPONSE`, so a runaway upstream cannot exhaust memory.
 *
 * @example
 * ```ts
 * const text = await readBoundedText(response, request, MAX_ANSWER_BYTES);
 * ```
 */
export async function readBoundedText(
  response: Response,
  request: ModelRequest,
  limit: number,
): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return text + decoder.decode();
    bytes += chunk.value.byteLength;
    if (bytes > limit) {
      void reader.cancel().catch(() => undefined);
      throw new ModelProviderError(
        'MODEL_BAD_RESPONSE',
        `${request.provider} answered more than ${limit} bytes; the answer was dropped`,
      );
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
}

/** Pulls the human explanation out of an error body of any of the supported servers. */
function readUpstreamMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = body.error as { message?: unknown } | string | undefined;
    if (typeof error === 'string') return error;
    if (typeof error?.message === 'string') return error.message;
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // Not JSON: the raw text is the best explanation there is.
  }
  return text;
}

/**
 * POSTs JSON and returns the 2xx response; throws {@link ModelProviderError} for non-2xx
 * answers (`MODEL_HTTP_ERROR` with `status`) and network failures, or the signal's reason.
 *
 * @example
 * ```ts
 * const response = await sendModelRequest({ provider: 'openai', url, headers, body, apiKey, signal, fetch });
 * ```
 */
export async function sendModelRequest(request: ModelRequest): Promise<Response> {
  if (request.signal.aborted) throw request.signal.reason;
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    throw toTransportError(error, request, 'could not be reached');
  }
  if (response.ok) return response;
  let text: string;
  try {
    text = await readBoundedText(response, request, MAX_ERROR_BODY_BYTES);
  } catch (error) {
    // An oversized error body still says what status it was; anything else broke the transport.
    if (error instanceof ModelProviderError && error.code === 'MODEL_BAD_RESPONSE') text = '';
    else throw toTransportError(error, request, 'error body could not be read');
  }
  const upstream = toSafeUpstreamText(readUpstreamMessage(text), request.apiKey) || response.statusText;
  throw new ModelProviderError(
    'MODEL_HTTP_ERROR',
    `${request.provider} answered ${response.status}: ${upstream}`,
    {
      status: response.status,
      retryable: isRetryableStatus(response.status),
      ...retryAfterOption(readRetryAfter(response.headers, Date.now())),
    },
  );
}

function retryAfterOption(retryAfterMs: number | undefined): { retryAfterMs?: number } {
  return retryAfterMs === undefined ? {} : { retryAfterMs };
}

/**
 * Reads a 2xx body as JSON; `MODEL_BAD_RESPONSE` when it is not JSON.
 *
 * @example
 * ```ts
 * const body = await readJsonBody(response, request);
 * ```
 */
export async function readJsonBody(response: Response, request: ModelRequest): Promise<unknown> {
  let text: string;
  try {
    text = await readBoundedText(response, request, MAX_ANSWER_BYTES);
  } catch (error) {
    throw toTransportError(error, request, 'answer broke off');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelProviderError(
      'MODEL_BAD_RESPONSE',
      `${request.provider} answered with a body that is not JSON: ${toSafeUpstreamText(text, request.apiKey)}`,
    );
  }
}

/** How one wire protocol reads an answer: from a JSON body, or from an event stream. */
export interface AnswerReaders {
  json(body: unknown, request: ModelRequest): CompletionResult;
  /** Reads an event stream to its end, passing each piece of text to `onDelta` as it arrives. */
  stream(
    response: Response,
    request: ModelRequest,
    onDelta?: (text: string) => void,
  ): Promise<CompletionResult>;
}

/**
 * The exchange every provider makes: POST `body` as JSON to `baseUrl + path` (asking for an
 * event stream when `streaming`), then read the answer with the protocol's `readers` (streamed text goes to `onDelta` as it arrives).
 *
 * @example
 * ```ts
 * return requestCompletion({ config, path: '/chat/completions', headers, body, completion, fetch }, readers);
 * ```
 */
export async function requestCompletion(
  exchange: {
    config: { name: string; baseUrl: string; apiKey: string | undefined; streaming: boolean };
    path: string;
    headers: Record<string, string>;
    body: unknown;
    completion: CompletionRequest;
    fetch: typeof fetch;
  },
  readers: AnswerReaders,
  onDelta?: (text: string) => void,
): Promise<CompletionResult> {
  const { config, completion } = exchange;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...exchange.headers };
  if (config.streaming) headers.accept = 'text/event-stream';
  const request: ModelRequest = {
    provider: config.name,
    url: `${config.baseUrl}${exchange.path}`,
    headers,
    body: exchange.body,
    apiKey: config.apiKey,
    signal: completion.signal,
    fetch: exchange.fetch,
  };
  const response = await sendModelRequest(request);
  if (config.streaming) return readers.stream(response, request, onDelta);
  return readers.json(await readJsonBody(response, request), request);
}
