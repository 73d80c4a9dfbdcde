/**
 * Codes the server's activity area raises itself, as `ServerError`s (the core's are
 * `ActivityErrorCode`). Their statuses are in the status table.
 */
export type ActivityServerErrorCode =
  /** 409: the book's latest export failed; `details.job` says why. Export again to retry. */
  | 'ACT_EXPORT_FAILED'
  /** 404: the book exists but was never exported. */
  | 'ACT_NOT_EXPORTED'
  /** 503: the object storage (S3) did not answer or refused the request; nothing was changed. Retry later. */
  | 'ACT_STORAGE_UNAVAILABLE';
