import { checkSchemaBounds, FUNCTION_SCHEMA_BOUNDS } from '../capabilities/schema-bounds.js';
import type { UserSchemas } from '../capabilities/user-schemas.js';
import type { DocumentIssue } from '../plugins/document-checks.js';

/**
 * The check of a `function_calls` write through `/db`: a `parameters` object beyond
 * {@link FUNCTION_SCHEMA_BOUNDS} (16 KiB of JSON, 20 levels) is refused, with the JSON pointer of
 * where it nests too deep. A schema within them starts compiling on the schema thread at once,
 * so the next listing finds its verdict cached. Every other rule of a function (its type, its
 * executor, whether it compiles) is checked when it is read, as before: such a document is
 * stored and listed with its problems.
 *
 * @example
 * app.documentChecks.add('function_calls', (data) => checkFunctionWrite(data, registry.userSchemas));
 */
export function checkFunctionWrite(data: Record<string, unknown>, schemas: UserSchemas): DocumentIssue[] {
  const { parameters } = data;
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) return [];
  const issues = checkSchemaBounds(parameters, FUNCTION_SCHEMA_BOUNDS);
  if (issues.length > 0) {
    return issues.map((issue) => ({ path: `/parameters${issue.path}`, message: issue.message }));
  }
  void schemas.check(parameters as Record<string, unknown>, FUNCTION_SCHEMA_BOUNDS).catch(() => undefined);
  return [];
}
