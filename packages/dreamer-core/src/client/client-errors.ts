/** Stable error codes raised by `@svc/dreamer-core/client`. */
export type DreamClientErrorCode =
  | 'DREAM_HTTP_ERROR'
  | 'DREAM_STREAM_PROTOCOL'
  | 'DREAM_CLIENT_INVALID_OPTIONS';

/** The JSON error body the server answers a refusal with. */
export interface ServerErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/**
 * Base of the client's errors: `code` is stable, so callers branch on it rather than on
 * the class or the message.
 *
 * @example
 * ```ts
 * if (isDreamClientError(error, 'DREAM_HTTP_ERROR')) console.error(error.status);
 * ```
 */
export class DreamClientError extends Error {
  readonly code: DreamClientErrorCode;

  constructor(code: DreamClientErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DreamClientError';
    this.code = code;
  }
}

/**
 * The server refused the request with a non-2xx status. `body` is the server's parsed
 * `{ error: { code, message, details? } }` when it sent one (e.g. `GATE_INSUFFICIENT_BALANCE`).
 *
 * @example
 * ```ts
 * if (error instanceof SseHttpError) console.error(error.status, error.body?.error.code);
 * ```
 */
export class SseHttpError extends DreamClientError {
  override readonly code = 'DREAM_HTTP_ERROR' as const;
  readonly status: number;
  readonly body: ServerErrorBody | undefined;

  constructor(status: number, body: ServerErrorBody | undefined, text = '') {
    const reason = body ? `${body.error.code}: ${body.error.message}` : text.trim().slice(0, 200);
    super('DREAM_HTTP_ERROR', `HTTP ${status}${reason ? ` ${reason}` : ''}`);
    this.name = 'SseHttpError';
    this.status = status;
    this.body = body;
  }
}

/**
 * The answer is not the expected event stream: wrong content type, malformed event data,
 * or a stream that ended before the run finished.
 *
 * @example
 * ```ts
 * throw new SseProtocolError('stream ended before the run finished');
 * ```
 */
export class SseProtocolError extends DreamClientError {
  override readonly code = 'DREAM_STREAM_PROTOCOL' as const;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super('DREAM_STREAM_PROTOCOL', message, options);
    this.name = 'SseProtocolError';
  }
}

/**
 * A client function was called with options it cannot use (a bug in the caller).
 *
 * @example
 * ```ts
 * throw new SseOptionsError('baseUrl must be an http(s) URL');
 * ```
 */
export class SseOptionsError extends DreamClientError {
  override readonly code = 'DREAM_CLIENT_INVALID_OPTIONS' as const;

  constructor(message: string) {
    super('DREAM_CLIENT_INVALID_OPTIONS', message);
    this.name = 'SseOptionsError';
  }
}

/**
 * Tells whether a value is a {@link DreamClientError}, optionally with a given code.
 *
 * @example
 * ```ts
 * if (isDreamClientError(error, 'DREAM_STREAM_PROTOCOL')) retryLater();
 * ```
 */
export function isDreamClientError(value: unknown, code?: DreamClientErrorCode): value is DreamClientError {
  return value instanceof DreamClientError && (code === undefined || value.code === code);
}
