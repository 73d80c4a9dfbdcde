import { appendAll } from './internal/append-all.js';
import { buildInfo, readTargetVersion } from './internal/build/build-info.js';
import { buildOperation } from './internal/build/build-operation.js';
import { comparePointers, compareText } from './internal/build/compare.js';
import { dedupeOperationIds, deriveOperationId } from './internal/build/operation-id.js';
import { type EndpointDraft, problem, readEndpoint } from './internal/build/read-endpoint.js';
import { joinPointer } from './internal/json-pointer.js';
import { type Diagnostic, HTTP_METHODS } from './types.js';

/** One endpoint to describe: the shape a route table or a quick sketch already has. */
export interface EndpointSketch {
  /** An HTTP method, any case: `get`, `POST`, … */
  method: string;
  /** An OpenAPI path (`/pets/{id}`) or an Express one (`/pets/:id`). */
  path: string;
  summary?: string;
  tags?: string[];
  /** A sample request body; its JSON schema is inferred. */
  body?: unknown;
  /** Status (`"200"`, `"4XX"`, `"default"`) → a sample response body, or a string description. */
  responses?: Record<string, unknown>;
}

/** What {@link buildSpec} takes. */
export interface BuildSpecArgs {
  /** The endpoints; anything else is reported in `errors`. */
  endpoints: readonly EndpointSketch[] | unknown;
  /** Document info; defaults `title: 'API'`, `version: '1.0.0'`. */
  info?: { title?: string; version?: string; description?: string };
  options?: {
    /** The OpenAPI version written: `'3.0.3'` (default) or `'3.1.0'`. */
    version?: '3.0.3' | '3.1.0';
  };
}

/** What {@link buildSpec} returns. */
export interface BuildSpecResult {
  /** The OpenAPI document. */
  spec: Record<string, unknown>;
  /** The same document as pretty JSON text, ending with a newline. */
  json: string;
  /** Problems in the input, each with a JSON pointer into the arguments (`/endpoints/2/method`). */
  errors: Diagnostic[];
}

/**
 * Builds a minimal valid OpenAPI 3 document from endpoint sketches: path parameters are
 * inferred from `{id}` and `:id`, request and response schemas from sample bodies, and
 * operationIds from method and path. Never throws: bad endpoints are reported in `errors`
 * and left out, the good ones are still built. Output is deterministic: paths are sorted,
 * so the same endpoints in any order give the same document.
 *
 * @example
 * ```ts
 * import { buildSpec } from '@svc/spec-toolkit';
 *
 * const { spec, json, errors } = buildSpec({
 *   endpoints: [
 *     { method: 'get', path: '/pets/:id', tags: ['pets'], responses: { 200: { id: 1, name: 'Rex' }, 404: 'No such pet' } },
 *     { method: 'post', path: '/pets', body: { name: 'Rex', born: '2020-01-31' } },
 *   ],
 *   info: { title: 'Pet store' },
 * });
 * // spec.paths['/pets/{id}'].get.operationId === 'getPetsById'
 * ```
 */
export function buildSpec(args: BuildSpecArgs): BuildSpecResult {
  const errors: Diagnostic[] = [];
  const input: Partial<BuildSpecArgs> = typeof args === 'object' && args !== null ? args : {};
  const version = readTargetVersion(input.options, errors);
  const dialect = version === '3.1.0' ? '3.1' : '3.0';
  const drafts = readDrafts(input.endpoints, errors);
  drafts.sort(
    (a, b) => compareText(a.path, b.path) || HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method),
  );
  const operationIds = dedupeOperationIds(drafts.map((draft) => deriveOperationId(draft.method, draft.path)));

  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  drafts.forEach((draft, index) => {
    const built = buildOperation(draft, operationIds[index] as string, dialect);
    appendAll(errors, built.errors);
    paths[draft.path] ??= {};
    (paths[draft.path] as Record<string, unknown>)[draft.method] = built.operation;
    for (const tag of draft.tags) tags.add(tag);
  });

  const spec: Record<string, unknown> = { openapi: version, info: buildInfo(input.info, errors) };
  if (tags.size > 0) spec.tags = [...tags].sort(compareText).map((name) => ({ name }));
  spec.paths = paths;
  errors.sort((a, b) => comparePointers(a.path, b.path));
  return { spec, json: `${JSON.stringify(spec, null, 2)}\n`, errors };
}

/** Checks every sketch; drops bad ones, duplicates and paths that clash with an earlier template. */
function readDrafts(endpoints: unknown, errors: Diagnostic[]): EndpointDraft[] {
  if (!Array.isArray(endpoints)) {
    errors.push(
      problem(
        'SPEC_BUILD_ENDPOINTS_NOT_ARRAY',
        '/endpoints',
        'endpoints must be an array of endpoint sketches.',
      ),
    );
    return [];
  }
  const drafts: EndpointDraft[] = [];
  const seen = new Map<string, string>();
  const pathForShape = new Map<string, string>();
  endpoints.forEach((raw, index) => {
    const pointer = joinPointer('/endpoints', index);
    const read = readEndpoint(raw, pointer);
    appendAll(errors, read.errors);
    const draft = read.draft;
    if (!draft) return;
    const at = joinPointer(pointer, 'path');
    const earlierPath = pathForShape.get(draft.shape);
    if (earlierPath !== undefined && earlierPath !== draft.path) {
      const message = `"${draft.path}" is the same path as "${earlierPath}" with other parameter names, which OpenAPI forbids; the endpoint is left out.`;
      errors.push(problem('SPEC_BUILD_PATH_CONFLICT', at, message));
      return;
    }
    const key = `${draft.method} ${draft.path}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const message = `${draft.method.toUpperCase()} ${draft.path} repeats ${first}; only the first is built.`;
      errors.push(problem('SPEC_BUILD_DUPLICATE_ENDPOINT', at, message));
      return;
    }
    seen.set(key, pointer);
    pathForShape.set(draft.shape, draft.path);
    drafts.push(draft);
  });
  return drafts;
}
