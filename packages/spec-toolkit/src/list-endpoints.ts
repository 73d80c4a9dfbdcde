import { openSpec } from './internal/sample/open-spec.js';
import { readEndpoint } from './internal/sample/read-endpoint.js';
import { listOperations } from './internal/spec-model.js';
import type { Diagnostic, SpecInput } from './types.js';

/** One parameter of an endpoint, path-level and operation-level merged (the operation's wins). */
export interface EndpointParam {
  name: string;
  /** `path`, `query`, `header`, `cookie`, or (Swagger 2.0) `formData`. 2.0 `body` parameters become `requestBody`. */
  in: string;
  required: boolean;
  /** A short type label: `string`, `integer`, `array<string>`, `string | null`, `object`, `any`. */
  type: string;
  /** The schema `format`, when there is one (`int64`, `date-time`, ...). */
  format?: string;
  description?: string;
  deprecated?: boolean;
}

/** What an endpoint accepts as a body. */
export interface EndpointRequestBody {
  required: boolean;
  /** Media types in document order (2.0: `consumes`, or a form type for `formData` parameters). */
  contentTypes: string[];
  description?: string;
}

/** One declared response of an endpoint. */
export interface EndpointResponse {
  /** The key as written: `200`, `4XX`, `default`. */
  status: string;
  description: string;
  /** Media types of the response body (2.0: `produces` when the response has a `schema`); empty for none. */
  contentTypes: string[];
}

/** One operation of a spec, flattened for listing. */
export interface Endpoint {
  /** Upper-case HTTP method. */
  method: string;
  /** The path template as written (`/pets/{id}`); for a webhook, its name. */
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  params: EndpointParam[];
  requestBody?: EndpointRequestBody;
  responses: EndpointResponse[];
  /** The security requirements in effect (the operation's, else the global ones); `[]` means none. */
  security?: Record<string, string[]>[];
  /** JSON pointer of the operation object. */
  pointer: string;
}

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
