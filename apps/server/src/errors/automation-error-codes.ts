/**
 * Codes the automations area raises itself, as `ServerError`s. Their statuses are in the status
 * table.
 */
export type AutomationErrorCode =
  /** 429: the owner already has the most runs waiting that one user may have; retry once some ran. */
  'AUTOMATION_QUEUE_FULL';
