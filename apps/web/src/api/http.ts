/** The server's one error shape: `{ error: { code, message, details? } }`. */
export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** A refused or failed API call, with the server's stable `code` (or `CONSOLE_NETWORK` when it never answered). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, body: ErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.status = status;
    this.details = body.details;
  }
}

/** True for an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * Reads a failed response as an {@link ApiError}: the server's error shape when it sent one,
 * else a generic `CONSOLE_HTTP_<status>`.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body)) return new ApiError(response.status, body.error);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(response.status, {
    code: `CONSOLE_HTTP_${response.status}`,
    message: `The server answered ${response.status} ${response.statusText}.`.trim(),
  });
}

/** Options of {@link sendRequest}. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * One same-origin call: the session cookie rides along (`credentials: 'same-origin'`), so the
 * browser's `Sec-Fetch-Site: same-origin` satisfies the API's cross-site check unchanged.
 * Resolves with the raw `Response` when it is 2xx, throws {@link ApiError} otherwise.
 *
 * @example
 * const response = await sendRequest('/api/activity/pages/print', { method: 'POST', body });
 * const html = await response.text();
 */
export async function sendRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
  }
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'CONSOLE_NETWORK', message: 'The server could not be reached.' });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * {@link sendRequest} and its JSON answer (`undefined` for 204).
 *
 * @example
 * const { kinds } = await requestJson<{ kinds: KindInfo[] }>('/api/activity/kinds');
 */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendRequest(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
