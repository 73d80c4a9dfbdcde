// Builders shared by the diff tests: small documents that differ in one place. Only tests
// import `src/testing/`; the build's entry never reaches it.
import type { DiffResult } from '../diff.js';

type Json = Record<string, unknown>;

/**
 * An OpenAPI 3.0 document with the given paths and any extra top-level fields.
 *
 * @example
 * diff({ specA: createOpenApi30({}), specB: createOpenApi30({ '/pets': { get: createJsonOperation30({}) } }) });
 */
export function createOpenApi30(paths: Json, extra: Json = {}): Json {
  return { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, paths, ...extra };
}

/**
 * An OpenAPI 3.1 document.
 *
 * @example
 * createOpenApi31({}).openapi; // '3.1.0'
 */
export function createOpenApi31(paths: Json, extra: Json = {}): Json {
  return { openapi: '3.1.0', info: { title: 'Pets', version: '1.0.0' }, paths, ...extra };
}

/**
 * A Swagger 2.0 document.
 *
 * @example
 * createSwagger20({}, { consumes: ['application/json'] });
 */
export function createSwagger20(paths: Json, extra: Json = {}): Json {
  return { swagger: '2.0', info: { title: 'Pets', version: '1.0.0' }, paths, ...extra };
}

/**
 * A 3.x operation answering 200 with a JSON body of `schema`.
 *
 * @example
 * createJsonOperation30({ type: 'string' }, { deprecated: true });
 */
export function createJsonOperation30(schema: unknown, extra: Json = {}): Json {
  return {
    responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
    ...extra,
  };
}

/**
 * A 2.0 operation answering 200 with a body of `schema`.
 *
 * @example
 * createJsonOperation20({ $ref: '#/definitions/Pet' });
 */
export function createJsonOperation20(schema: unknown, extra: Json = {}): Json {
  return { responses: { '200': { description: 'ok', schema } }, ...extra };
}

/**
 * The changes as `id operation` lines, the way a CI log would list them.
 *
 * @example
 * listChangeLines(diff({ specA, specB }), 'error'); // ['operation-removed GET /pets']
 */
export function listChangeLines(result: DiffResult, level?: 'error' | 'warning' | 'info'): string[] {
  return result.changes
    .filter((c) => level === undefined || c.level === level)
    .map((c) => `${c.id} ${c.operation}`);
}

/**
 * The ids of every change, in result order.
 *
 * @example
 * listChangeIds(diff({ specA, specB })); // ['response-added']
 */
export function listChangeIds(result: DiffResult): string[] {
  return result.changes.map((change) => change.id);
}
