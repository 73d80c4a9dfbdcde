// The endpoint shapes `listEndpoints` returns, in a file of their own: `internal/` reads and
// builds them, so they live below both the public tool and its internals.

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
