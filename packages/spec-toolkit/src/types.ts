/** A problem found in a spec. `path` is a JSON pointer (RFC 6901) into the document. */
export interface Diagnostic {
  /** Stable, machine-readable code, `SPEC_` + UPPER_SNAKE. */
  code: string;
  /** One human sentence. */
  message: string;
  /**
   * The file the problem is in, for a spec read with `resolveSpec` (the entry's name or a
   * referenced file's, relative to it); absent for a single document given as text or object.
   */
  file?: string;
  /** JSON pointer to the offending value (inside `file` when given); `''` is the document root. */
  path: string;
  /** 1-based line in the input text, when the input was text and the place could be found. */
  line?: number;
  /** 1-based column in the input text, with `line`. */
  column?: number;
}

/** A spec as accepted by every tool: a parsed object, or JSON or YAML text. */
export type SpecInput = unknown;

/** The OpenAPI versions the toolkit understands. */
export type SpecVersion = '2.0' | '3.0' | '3.1' | '3.2';

/** HTTP methods that name operations in a path item (OpenAPI 3.2 adds `query` and `additionalOperations`). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
