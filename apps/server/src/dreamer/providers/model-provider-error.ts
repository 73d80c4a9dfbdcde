/** Stable codes of {@link ModelProviderError}. */
export type ModelProviderErrorCode =
  | 'MODEL_HTTP_ERROR'
  | 'MODEL_NETWORK_ERROR'
  | 'MODEL_BAD_RESPONSE'
  | 'MODEL_UNKNOWN_PROVIDER'
  | 'MODEL_UNKNOWN_MODEL'
  | 'MODEL_ABORTED'
  | 'MODEL_INVALID_ARGUMENTS';

/** Longest upstream error text kept in a message. */
export const UPSTREAM_MESSAGE_LIMIT = 300;

/**
 * The one error a model provider throws. `status` is the upstream HTTP status, `retryable`
 * tells the runner a new attempt may succeed (network failures, 408, 429, 5xx, overload).
 * Messages carry the upstream explanation but never an API key or request headers.
 *
 * @example
 * ```ts
 * throw new ModelProviderError('MODEL_HTTP_ERROR', 'openai answered 503: busy', { status: 503, retryable: true });
 * ```
 */
export class ModelProviderError extends Error {
  readonly code: ModelProviderErrorCode;
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** How long the upstream asked to wait before retrying (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: ModelProviderErrorCode,
    message: string,
    options: { status?: number; retryable?: boolean; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ModelProviderError';
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * True when `error` is a {@link ModelProviderError}, optionally with the given code.
 *
 * @example
 * ```ts
 * if (isModelProviderError(error, 'MODEL_UNKNOWN_MODEL')) reply.status(400);
 * ```
 */
export function isModelProviderError(
  error: unknown,
  code?: ModelProviderErrorCode,
): error is ModelProviderError {
  return error instanceof ModelProviderError && (code === undefined || error.code === code);
}

/** True for upstream statuses worth another attempt: timeouts, rate limits, server errors, overload. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Makes upstream text safe for a message: removes the API key wherever it appears (some
 * servers echo it), collapses whitespace and truncates to {@link UPSTREAM_MESSAGE_LIMIT}.
 *
 * @example
 * ```ts
 * toSafeUpstreamText('Bad key sk-123', 'sk-123'); // 'Bad key [redacted]'
 * ```
 */
export function toSafeUpstreamText(text: string, apiKey: string | undefined): string {
  const redacted = apiKey ? text.split(apiKey).join('[redacted]') : text;
  const flat = redacted.replace(/\s+/g, ' ').trim();
  return flat.length > UPSTREAM_MESSAGE_LIMIT ? `${flat.slice(0, UPSTREAM_MESSAGE_LIMIT)}…` : flat;
}

/**
 * The wait an error response asks for, in ms: `retry-after-ms` (OpenAI), else `Retry-After` as
 * seconds or an HTTP date; undefined when absent or unreadable.
 *
 * @example
 * ```ts
 * readRetryAfter(new Headers({ 'retry-after': '2' }), Date.now()); // 2000
 * ```
 */
export function readRetryAfter(headers: Headers, now: number): number | undefined {
  const milliseconds = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
