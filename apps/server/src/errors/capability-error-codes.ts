/** The codes the registry raises; each has a status in errors/status-table.ts. */
export const CAPABILITY_ERROR_CODES = [
  /** 404: no capability has this id (or MCP tool name); `details.suggestions` lists near misses. */
  'CAP_NOT_FOUND',
  /** 400: the arguments break the input schema; `details.issues` has a JSON pointer per problem. */
  'CAP_INVALID_ARGS',
  /**
   * 402: the capability is priced and the surface cannot charge it (`adapter()` in `lmx`):
   * `details.meter` names the target, `details.use` the surface that charges it (`lma`).
   */
  'CAP_PRICED',
  /** 429: the caller already has as many uses of this capability in flight as allowed. */
  'CAP_TOO_MANY_CONCURRENT',
  /** 499: the caller went away or cancelled before the answer. */
  'CAP_ABORTED',
  /** 501: the capability needs configuration this install lacks. */
  'CAP_NOT_CONFIGURED',
  /** 502: the system behind the capability failed. */
  'CAP_UPSTREAM_FAILED',
  /** 504: the use took longer than the capability's deadline. */
  'CAP_TIMEOUT',
] as const;

export type CapabilityErrorCode = (typeof CAPABILITY_ERROR_CODES)[number];
