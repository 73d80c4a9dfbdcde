/**
 * Codes the pdf area raises itself, as `ServerError`s. Their statuses are in the status table;
 * the 5xx ones are refunded where the surface charged.
 */
export type PdfServerErrorCode =
  /** 503: the provider asked for (`chromium`) is not available here; `details.reason` says why. */
  | 'PDF_PROVIDER_UNAVAILABLE'
  /** 503: every browser process this server allows is busy; retry shortly (`details.retryAfterMs`). */
  | 'PDF_RENDERER_BUSY'
  /** 422: the document needs more pages than a render may make (`details.maxPages`). */
  | 'PDF_TOO_MANY_PAGES'
  /** 502: the renderer failed (the browser crashed or answered nothing usable). */
  | 'PDF_RENDER_FAILED';
