import type { ActivityServerErrorCode } from './activity-error-codes.js';
import type { AutomationErrorCode } from './automation-error-codes.js';
import type { CapabilityErrorCode } from './capability-error-codes.js';
import type { IntegrationErrorCode } from './integration-error-codes.js';
import type { PdfServerErrorCode } from './pdf-error-codes.js';
import type { ServerErrorCode } from './status-table.js';

/** Every code the server raises itself: its own (`SERVER_…`), the registry's (`CAP_…`) and its areas' (`ACT_EXPORT_FAILED`, `ACT_NOT_EXPORTED`, `PDF_…`, `AUTOMATION_…`, `INTEGRATION_…`). */
export type ServerCode =
  | ServerErrorCode
  | CapabilityErrorCode
  | ActivityServerErrorCode
  | PdfServerErrorCode
  | AutomationErrorCode
  | IntegrationErrorCode;

/**
 * The server's one coded error class (the cores have their own: `GateError`, `ActivityError`,
 * `DreamError`, `DocsError`): a stable code, a message safe to show the caller, optional
 * details and cause. Anything that answers an error (the HTTP error handler, MCP, the registry)
 * turns it into the one payload through `toErrorPayload`, with the status of its code from the
 * status table. The registry's `CapabilityError` is this class under the registry's name.
 *
 * @example
 * throw new ServerError('SERVER_JSON_TOO_DEEP', 'The body nests deeper than 64 levels.', { details: { maxDepth: 64 } });
 * throw new ServerError('CAP_UPSTREAM_FAILED', 'The weather service did not answer.', { cause: error });
 */
export class ServerError extends Error {
  readonly code: ServerCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ServerCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServerError';
    this.code = code;
    this.details = options.details;
  }
}

/**
 * True when `error` is a {@link ServerError}, optionally with a code starting with `prefix`.
 *
 * @example
 * if (isServerError(error, 'ACT_')) markJobFailed(error.message);
 */
export function isServerError(error: unknown, prefix?: string): error is ServerError {
  return error instanceof ServerError && (prefix === undefined || error.code.startsWith(prefix));
}
