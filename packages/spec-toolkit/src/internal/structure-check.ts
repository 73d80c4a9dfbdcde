import type { SpecVersion } from '../types.js';
import type { Finding } from './checks/finding.js';
import { compileSchema } from './schema-validator/compile-schema.js';
import type { CompiledSchema, SchemaError } from './schema-validator/json-schema.js';
import { OPENAPI_20_SCHEMA } from './schemas/openapi-2.0.schema.generated.js';
import { OPENAPI_30_SCHEMA } from './schemas/openapi-3.0.schema.generated.js';
import { OPENAPI_31_SCHEMA } from './schemas/openapi-3.1.schema.generated.js';
import { OPENAPI_32_SCHEMA } from './schemas/openapi-3.2.schema.generated.js';

const SOURCES = {
  '2.0': OPENAPI_20_SCHEMA,
  '3.0': OPENAPI_30_SCHEMA,
  '3.1': OPENAPI_31_SCHEMA,
  '3.2': OPENAPI_32_SCHEMA,
} as const satisfies Record<SpecVersion, unknown>;

const compiled = new Map<SpecVersion, CompiledSchema>();

function schemaFor(version: SpecVersion): CompiledSchema {
  let schema = compiled.get(version);
  if (schema === undefined) {
    const source = SOURCES[version];
    schema = compileSchema(source);
    compiled.set(version, schema);
  }
  return schema;
}

const KEYWORD_CODES: Record<string, string> = {
  type: 'SPEC_SCHEMA_TYPE',
  required: 'SPEC_SCHEMA_REQUIRED',
  additionalProperties: 'SPEC_SCHEMA_UNKNOWN_PROPERTY',
  propertyNames: 'SPEC_SCHEMA_UNKNOWN_PROPERTY',
  enum: 'SPEC_SCHEMA_ENUM',
  const: 'SPEC_SCHEMA_ENUM',
  pattern: 'SPEC_SCHEMA_PATTERN',
  format: 'SPEC_SCHEMA_FORMAT',
};

/** A structural violation, keeping the keyword and property so semantic findings can subsume it. */
export type StructureFinding = Finding & { keyword: string; property?: string };

/**
 * Checks a document against the official OpenAPI JSON Schema of its version. The compiled
 * schema is cached per version; the fast boolean pass runs first and errors are explained
 * only for documents that fail it.
 */
export function checkStructure(doc: unknown, version: SpecVersion): StructureFinding[] {
  const schema = schemaFor(version);
  if (schema.test(doc)) return [];
  const errors: SchemaError[] = [];
  schema.explain(doc, [], errors);
  return errors.map((error) => {
    const finding: StructureFinding = {
      code: KEYWORD_CODES[error.keyword] ?? 'SPEC_SCHEMA_CONSTRAINT',
      message: error.message,
      path: error.path,
      severity: 'error',
      keyword: error.keyword,
    };
    if (error.property !== undefined) finding.property = error.property;
    return finding;
  });
}
