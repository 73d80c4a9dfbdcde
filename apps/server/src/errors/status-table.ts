import type { ActivityErrorCode } from '@svc/activity-core';
import type { DocsErrorCode } from '@svc/docs-reader';
import type { DreamErrorCode } from '@svc/dreamer-core';
import type { GateErrorCode } from '@svc/gate';
import type { ActivityServerErrorCode } from './activity-error-codes.js';
import type { AutomationErrorCode } from './automation-error-codes.js';
import type { CapabilityErrorCode } from './capability-error-codes.js';
import type { IntegrationErrorCode } from './integration-error-codes.js';
import type { PdfServerErrorCode } from './pdf-error-codes.js';

/** Codes the server raises itself (validation of routes, unknown routes, internal failures). */
export type ServerErrorCode =
  | 'SERVER_VALIDATION'
  | 'SERVER_BAD_REQUEST'
  | 'SERVER_BAD_URL'
  | 'SERVER_JSON_TOO_DEEP'
  | 'SERVER_INVALID_DOCUMENT'
  | 'SERVER_REQUEST_TIMEOUT'
  | 'SERVER_URI_TOO_LONG'
  | 'SERVER_HEADERS_TOO_LARGE'
  | 'SERVER_NOT_FOUND'
  | 'SERVER_METHOD_NOT_ALLOWED'
  | 'SERVER_PAYLOAD_TOO_LARGE'
  | 'SERVER_UNSUPPORTED_MEDIA_TYPE'
  | 'SERVER_RATE_LIMITED'
  | 'SERVER_NOT_READY'
  /** 503: the shared Redis (`SVC_REDIS_URL`) did not answer; a limit kept there could not be checked. Retry shortly. */
  | 'SERVER_REDIS_UNAVAILABLE'
  | 'DOCS_UNAVAILABLE'
  /** 409: `GET /api/admin/backup` on PostgreSQL; back it up with pg_dump. */
  | 'SERVER_BACKUP_UNSUPPORTED'
  /** 409: a backup of this instance is already being taken or downloaded; retry once it ended. */
  | 'SERVER_BACKUP_IN_PROGRESS'
  /** 500: the snapshot could not be taken or failed its integrity check. */
  | 'SERVER_BACKUP_FAILED'
  | 'SERVER_INTERNAL';

/**
 * The one code → HTTP status table. Cores raise transport-free codes; only this table knows
 * HTTP. Typed as a total record so every gate code must be mapped.
 */
export const STATUS_BY_CODE: Record<
  | GateErrorCode
  | ServerErrorCode
  | CapabilityErrorCode
  | ActivityErrorCode
  | ActivityServerErrorCode
  | DreamErrorCode
  | DocsErrorCode
  | PdfServerErrorCode
  | AutomationErrorCode
  | IntegrationErrorCode,
  number
> = {
  GATE_INVALID_INPUT: 400,
  GATE_WEAK_PASSWORD: 400,
  // An email that could pass for another: invisible characters, bidi controls, mixed scripts.
  GATE_EMAIL_CONFUSABLE: 400,
  GATE_TOKEN_INVALID: 400,
  GATE_INVALID_COLLECTION: 400,
  GATE_INVALID_FIELD: 400,
  GATE_INVALID_CURSOR: 400,
  GATE_RESET_TOKEN_USED: 400,
  GATE_RESET_TOKEN_EXPIRED: 400,
  // Passkeys (issue 27): the ceremony's challenge, and a registration the authenticator could not prove.
  GATE_PASSKEY_CHALLENGE_INVALID: 400,
  GATE_PASSKEY_REJECTED: 400,
  GATE_UNAUTHENTICATED: 401,
  GATE_INVALID_CREDENTIALS: 401,
  GATE_EMAIL_NOT_VERIFIED: 401,
  GATE_SESSION_INVALID: 401,
  GATE_API_KEY_INVALID: 401,
  GATE_PASSKEY_SIGN_IN_FAILED: 401,
  GATE_PAYMENT_REQUIRED: 402,
  GATE_INSUFFICIENT_BALANCE: 402,
  GATE_FORBIDDEN: 403,
  GATE_CROSS_SITE_REQUEST: 403,
  GATE_MEMBERSHIP_REQUIRED: 403,
  GATE_ACCOUNT_DISABLED: 403,
  GATE_NOT_FOUND: 404,
  GATE_EMAIL_TAKEN: 409,
  GATE_CONFLICT: 409,
  GATE_LAST_ADMIN: 409,
  GATE_SUBSCRIPTION_ACTIVE: 409,
  GATE_RECENT_SIGN_IN_REQUIRED: 401,
  GATE_QUOTA_EXCEEDED: 413,
  GATE_RATE_LIMITED: 429,
  GATE_NOT_CONFIGURED: 501,
  // Second factor (issue 27): a wrong code while managing it; a sign-in challenge no longer live.
  GATE_SECOND_FACTOR_CODE_INVALID: 400,
  GATE_SECOND_FACTOR_CHALLENGE_INVALID: 401,
  // Single sign-on (issue 27, sso).
  GATE_SSO_EMAIL_NOT_VERIFIED: 403,
  GATE_SSO_ACCOUNT_EXISTS: 409,
  GATE_SSO_IDENTITY_TAKEN: 409,
  GATE_SSO_LAST_SIGN_IN_METHOD: 409,
  GATE_SSO_CALLBACK_INVALID: 400,
  GATE_SSO_PROVIDER_UNAVAILABLE: 502,
  GATE_PASSKEY_LAST_SIGN_IN_METHOD: 409,
  SERVER_VALIDATION: 400,
  // Malformed HTTP, refused by Node's parser before Fastify sees it.
  SERVER_BAD_REQUEST: 400,
  // A URL that is not valid percent-encoding (`/db/%c0%ae`).
  SERVER_BAD_URL: 400,
  // A JSON body nested deeper than MAX_JSON_DEPTH, refused before parsing.
  SERVER_JSON_TOO_DEEP: 400,
  // A document an area's write check refuses (a stored function's schema past its bounds).
  SERVER_INVALID_DOCUMENT: 400,
  SERVER_REQUEST_TIMEOUT: 408,
  // A path segment over Fastify's maxParamLength (100).
  SERVER_URI_TOO_LONG: 414,
  SERVER_HEADERS_TOO_LARGE: 431,
  SERVER_NOT_FOUND: 404,
  SERVER_METHOD_NOT_ALLOWED: 405,
  SERVER_PAYLOAD_TOO_LARGE: 413,
  SERVER_UNSUPPORTED_MEDIA_TYPE: 415,
  SERVER_RATE_LIMITED: 429,
  SERVER_NOT_READY: 503,
  SERVER_REDIS_UNAVAILABLE: 503,
  // The docs site could not be built or loaded on this server.
  DOCS_UNAVAILABLE: 503,
  // A state of this server (its database, a backup under way), not bad input.
  SERVER_BACKUP_UNSUPPORTED: 409,
  SERVER_BACKUP_IN_PROGRESS: 409,
  SERVER_BACKUP_FAILED: 500,
  SERVER_INTERNAL: 500,
  CAP_INVALID_ARGS: 400,
  CAP_NOT_FOUND: 404,
  // Priced, reached through a surface that cannot charge (`adapter()`): pay through `lma`.
  CAP_PRICED: 402,
  CAP_TOO_MANY_CONCURRENT: 429,
  // The caller went away or cancelled (nginx's 499); nobody reads this status, logs do.
  CAP_ABORTED: 499,
  CAP_NOT_CONFIGURED: 501,
  CAP_UPSTREAM_FAILED: 502,
  CAP_TIMEOUT: 504,
  // A kind is a body field, not a resource in the URL: an unknown one is bad input, like any other.
  ACT_UNKNOWN_KIND: 400,
  ACT_INVALID_INPUT: 400,
  ACT_INVALID_PAGE: 400,
  ACT_INVALID_OPTIONS: 400,
  // Valid input no page can be made from (a word with no other arrangement, say).
  ACT_GENERATION_FAILED: 422,
  ACT_EXPORT_FAILED: 409,
  ACT_NOT_EXPORTED: 404,
  // The object storage (S3) is down or refuses us: a passing outage of a service, not a bug.
  ACT_STORAGE_UNAVAILABLE: 503,
  DREAM_INVALID_ARGUMENTS: 400,
  DREAM_INVALID_PIPELINE: 400,
  DREAM_RUN_NOT_FOUND: 404,
  // The run finished or is still running: a state conflict, not bad input.
  DREAM_RUN_NOT_RESUMABLE: 409,
  // The client closed the connection (nginx's 499); nobody reads this status, logs do.
  DREAM_ABORTED: 499,
  DREAM_STORE_FAILED: 500,
  // The model (not the caller) failed: upstream errors, unusable output, timeouts. Refunded.
  DREAM_PROVIDER_FAILED: 502,
  DREAM_OUTPUT_INVALID: 502,
  DREAM_TIMEOUT: 504,
  // The reference read API (docs tools and /api/docs); build-time codes never reach a caller.
  DOCS_PAGE_NOT_FOUND: 404,
  DOCS_SYMBOL_NOT_FOUND: 404,
  DOCS_INVALID_ARGUMENT: 400,
  DOCS_PATTERN_REJECTED: 400,
  DOCS_TOOL_NOT_FOUND: 404,
  DOCS_BROKEN_LINKS: 500,
  DOCS_DUPLICATE_PAGE: 500,
  DOCS_INVALID_SITE: 500,
  // pdf.render: a provider asked for by name that is not here, or every browser slot busy (retry).
  PDF_PROVIDER_UNAVAILABLE: 503,
  PDF_RENDERER_BUSY: 503,
  // Valid HTML that needs more pages than a render may make: the caller's document, not a failure here.
  PDF_TOO_MANY_PAGES: 422,
  // The browser crashed or answered nothing usable. Refunded.
  PDF_RENDER_FAILED: 502,
  // One user's waiting runs are capped: retry once some ran.
  AUTOMATION_QUEUE_FULL: 429,
  // The caller's own webhook receiver failed (an answer other than 2xx, no answer in time, no
  // connection): a failed dependency of theirs, not of this server, so the charge is kept.
  INTEGRATION_RECEIVER_FAILED: 424,
};

/** The HTTP status of a code; 500 for a code the table does not know. */
export function statusOf(code: string): number {
  return (STATUS_BY_CODE as Record<string, number>)[code] ?? 500;
}
