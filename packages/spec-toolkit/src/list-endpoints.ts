import type { Endpoint } from './endpoint.js';
import { openSpec } from './internal/sample/open-spec.js';
import { readEndpoint } from './internal/sample/read-endpoint.js';
import { listOperations } from './internal/spec-model.js';
import type { Diagnostic, SpecInput } from './types.js';

export type { Endpoint, EndpointParam, EndpointRequestBody, EndpointResponse } from './endpoint.js';

/** Arguments of {@link listEndpoints}. */
export interface ListEndpointsArgs {
  /** The spec: an object, or JSON or YAML text. */
  spec: SpecInput;
}

/** Result of {@link listEndpoints}. */
export interface ListEndpointsResult {
  /** Every operation under `paths`, in document order of paths, then get, put, post, delete, options, head, patch, trace. */
  endpoints: Endpoint[];
  /** OpenAPI 3.1 `webhooks`, listed apart because they are not paths; `path` holds the webhook name. */
  webhooks: Endpoint[];
  errors: Diagnostic[];
}

/**
 * Lists every operation of a Swagger 2.0 / OpenAPI 3.x spec with its parameters, request body,
 * responses and security. Never throws: unreadable input gives empty lists and `errors`.
 *
 * @example
 * ```ts
 * const { endpoints } = listEndpoints({ spec: 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /pets:\n    get:\n      responses: {"200": {description: ok}}\n' });
 * endpoints[0]; // { method: 'GET', path: '/pets', tags: [], params: [], responses: [{ status: '200', ... }], ... }
 * ```
 */
export function listEndpoints(args: ListEndpointsArgs): ListEndpointsResult {
  const opened = openSpec(args?.spec);
  const { doc, version, errors } = opened;
  if (doc === undefined) return { endpoints: [], webhooks: [], errors };
  const found: Diagnostic[] = [];
  const endpoints = listOperations(doc).map((entry) => readEndpoint(doc, version, entry, found));
  const webhooks = listOperations(doc, 'webhooks').map((entry) => readEndpoint(doc, version, entry, found));
  opened.addPositions(found);
  return { endpoints, webhooks, errors: [...errors, ...found] };
}
