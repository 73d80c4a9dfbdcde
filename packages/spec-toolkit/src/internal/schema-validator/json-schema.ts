/** A JSON Schema document or subschema (draft-04 or 2020-12, as the official OpenAPI schemas use). */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** One violation found by a compiled schema. */
export interface SchemaError {
  /** JSON pointer to the offending value. */
  path: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `additionalProperties` …). */
  keyword: string;
  message: string;
  /** For `required` and `additionalProperties`: the property concerned. */
  property?: string;
}

/**
 * A schema compiled into closures. `test` is the fast path: a boolean, no allocation.
 * `explain` runs only on values `test` rejected and appends every reason it finds.
 */
export interface CompiledSchema {
  test(value: unknown): boolean;
  explain(value: unknown, path: string[], out: SchemaError[]): void;
  /** True when the schema demands a `$ref` member (a Reference Object): guides error choice. */
  readonly requiresRef: boolean;
  /**
   * Set when the schema checks nothing but one JSON type (`{ "type": "string" }` and the like,
   * annotations aside): a caller may then test the type inline (see `leafKindOf`).
   */
  readonly leafType?: string;
}
