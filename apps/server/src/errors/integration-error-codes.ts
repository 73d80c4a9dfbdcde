/**
 * Codes the integrations area raises itself, as `ServerError`s. Their statuses are in the status
 * table.
 */
export type IntegrationErrorCode =
  /**
   * 424: the caller's webhook receiver failed the delivery — it answered other than 2xx, did not
   * answer in time, or could not be connected to. The receiver is the caller's, so the charge stays.
   */
  'INTEGRATION_RECEIVER_FAILED';
