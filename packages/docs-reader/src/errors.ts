/** Stable error codes raised by `@svc/docs-reader`. */
export type DocsErrorCode =
  | 'DOCS_PAGE_NOT_FOUND'
  | 'DOCS_SYMBOL_NOT_FOUND'
  | 'DOCS_INVALID_ARGUMENT'
  | 'DOCS_PATTERN_REJECTED'
  | 'DOCS_BROKEN_LINKS'
  | 'DOCS_DUPLICATE_PAGE'
  | 'DOCS_INVALID_SITE'
  | 'DOCS_TOOL_NOT_FOUND';

/**
 * The one error class of the docs reader; `code` is stable, `details` carries data such as
 * near-miss suggestions or the locations of broken links.
 *
 * @example
 * ```ts
 * throw new DocsError('DOCS_PAGE_NOT_FOUND', 'No page "gate/auht"', { details: { suggestions: ['gate/auth'] } });
 * ```
 */
export class DocsError extends Error {
  readonly code: DocsErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: DocsErrorCode,
    message: string,
    options: { cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocsError';
    this.code = code;
    this.details = options.details;
  }
}

/**
 * Tells whether a value is a {@link DocsError}, optionally with a given code.
 *
 * @example
 * ```ts
 * if (isDocsError(error, 'DOCS_PAGE_NOT_FOUND')) console.log(error.details?.suggestions);
 * ```
 */
export function isDocsError(value: unknown, code?: DocsErrorCode): value is DocsError {
  // By name as well as class: `@svc/docs-reader/node` is bundled apart from the core, so an error
  // thrown there is another copy of the class.
  const isOne =
    value instanceof DocsError ||
    (value instanceof Error &&
      value.name === 'DocsError' &&
      typeof (value as { code?: unknown }).code === 'string');
  return isOne && (code === undefined || (value as DocsError).code === code);
}
