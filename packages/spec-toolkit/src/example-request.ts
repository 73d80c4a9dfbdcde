import { buildRequest } from './internal/sample/build-request.js';
import { openSpec } from './internal/sample/open-spec.js';
import { readRequestOptions, readSelection } from './internal/sample/read-arguments.js';
import { selectOperation } from './internal/sample/select-operation.js';
import { listOperations } from './internal/spec-model.js';
import type { Diagnostic, SpecInput } from './types.js';

/** Options of {@link exampleRequest}. */
export interface ExampleRequestOptions {
  /** Base URL to call instead of the spec's servers (3.x) or scheme/host/basePath (2.0). */
  baseUrl?: string;
  /** One curl argument per line joined with ` \` (default `true`); `false` prints one line. */
  multiline?: boolean;
  /** Write a JSON body on one line instead of with 2-space indentation (default `false`). */
  compactBody?: boolean;
}

/** Arguments of {@link exampleRequest}: pick the operation by `operationId`, or by `method` + `path`. */
export interface ExampleRequestArgs {
  /** The spec: an object, or JSON or YAML text. */
  spec: SpecInput;
  /** HTTP method, any case. */
  method?: string;
  /** The path as in the spec (`/pets/{petId}`), with other parameter names (`/pets/{id}`), or concrete (`/pets/42`). */
  path?: string;
  operationId?: string;
  options?: ExampleRequestOptions;
}

/** Result of {@link exampleRequest}; on error the strings are empty and `errors` says why. */
export interface ExampleRequestResult {
  /** A POSIX-shell curl command; credentials appear as `$TOKEN`, `$BASIC_AUTH` or `$API_KEY`. */
  curl: string;
  /** Upper-case method. */
  method: string;
  /** The full URL with path and query parameters filled in and percent-encoded. */
  url: string;
  /** Request headers in the order sent: Accept, Content-Type, credentials, header parameters, Cookie. */
  headers: Record<string, string>;
  /** The sample body value (JSON value; an object of fields for forms); absent when the operation takes none. */
  body?: unknown;
  /** Media type of `body`. */
  contentType?: string;
  /** The chosen operation's path template and operationId. */
  operation?: { path: string; operationId?: string };
  errors: Diagnostic[];
}

/**
 * Builds a runnable example request (curl command, URL, headers and body) for one operation,
 * with values drawn from examples, defaults, enums or the schemas. Never throws.
 *
 * @example
 * ```ts
 * const spec = { openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths: { '/pets': { post: {
 *   operationId: 'addPet',
 *   requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
 *   responses: { '201': { description: 'Created' } },
 * } } } };
 * const { curl } = exampleRequest({ spec, operationId: 'addPet', options: { baseUrl: 'http://127.0.0.1:8080', compactBody: true } });
 * // curl -X POST 'http://127.0.0.1:8080/pets' \
 * //   -H 'Content-Type: application/json' \
 * //   --data-raw '{"name":"string"}'
 * ```
 */
export function exampleRequest(args: ExampleRequestArgs): ExampleRequestResult {
  const empty: ExampleRequestResult = { curl: '', method: '', url: '', headers: {}, errors: [] };
  const opened = openSpec(args?.spec);
  const { doc, version } = opened;
  if (doc === undefined) return { ...empty, errors: opened.errors };
  const { query, errors: argumentErrors } = readSelection(args);
  if (argumentErrors.length > 0) return { ...empty, errors: [...opened.errors, ...argumentErrors] };
  const selection = selectOperation(listOperations(doc), query);
  if (selection.error) return { ...empty, errors: [...opened.errors, selection.error] };
  const { entry } = selection;
  const operationId = entry.operation.operationId;
  const options = readRequestOptions(args.options);
  const built = buildRequest(doc, version, entry, { ...options, pathValues: selection.pathValues });
  const found: Diagnostic[] = [...new Set(built.unresolved)].sort().map((ref) => ({
    code: 'SPEC_REF_UNRESOLVED',
    message: `The reference ${JSON.stringify(ref)} used by this operation cannot be resolved; a null stands in for it.`,
    path: entry.pointer,
  }));
  opened.addPositions(found);
  const result: ExampleRequestResult = {
    curl: built.curl,
    method: built.method,
    url: built.url,
    headers: built.headers,
    ...(built.body ? { body: built.body.value, contentType: built.body.contentType } : {}),
    operation: { path: entry.path, ...(typeof operationId === 'string' ? { operationId } : {}) },
    errors: [...opened.errors, ...found],
  };
  return result;
}
