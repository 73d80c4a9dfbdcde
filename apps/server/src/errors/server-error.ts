import type { ServerErrorCode } from './status-table.js';

/**
 * An error the server itself raises (not a core): a stable `SERVER_…` code, a message for people
 * and optional details. The error handler answers it with the status of its code.
 *
 * @example
 * throw new ServerError('SERVER_JSON_TOO_DEEP', 'The body nests deeper than 64 levels.', { maxDepth: 64 });
 */
export class ServerError extends Error {
  readonly code: ServerErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ServerErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ServerError';
    this.code = code;
    this.details = details;
  }
}

/**
 * True when `error` is a {@link ServerError}.
 *
 * @example
 * if (isServerError(error)) reply.status(statusOf(error.code));
 */
export function isServerError(error: unknown): error is ServerError {
  return error instanceof ServerError;
}
