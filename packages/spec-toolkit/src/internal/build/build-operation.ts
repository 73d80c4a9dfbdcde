import type { Diagnostic, HttpMethod } from '../../types.js';
import { joinPointer } from '../json-pointer.js';
import { inferSchema, type SchemaDialect } from './infer-schema.js';
import type { EndpointDraft } from './read-endpoint.js';
import { problem } from './read-endpoint.js';

// OpenAPI 3.0 only gives a request body meaning where HTTP 1.1 defines one.
const BODY_METHODS_3_0: readonly HttpMethod[] = ['post', 'put', 'patch'];

const REASONS: Readonly<Record<string, string>> = {
  '100': 'Continue',
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'Precondition Failed',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
  '1XX': 'Informational',
  '2XX': 'Success',
  '3XX': 'Redirection',
  '4XX': 'Client error',
  '5XX': 'Server error',
  default: 'Unexpected response',
};

/**
 * Turns a checked endpoint into an OpenAPI operation object.
 *
 * @example
 * const { operation } = buildOperation(draft, 'getPetsById', '3.0');
 * operation.parameters; // [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
 */
export function buildOperation(
  draft: EndpointDraft,
  operationId: string,
  dialect: SchemaDialect,
): { operation: Record<string, unknown>; errors: Diagnostic[] } {
  const errors: Diagnostic[] = [];
  const operation: Record<string, unknown> = {};
  if (draft.tags.length > 0) operation.tags = [...draft.tags];
  if (draft.summary !== undefined) operation.summary = draft.summary;
  operation.operationId = operationId;
  if (draft.names.length > 0) {
    operation.parameters = draft.names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
  }
  if (draft.body) {
    const at = joinPointer(draft.pointer, 'body');
    if (dialect === '3.0' && !BODY_METHODS_3_0.includes(draft.method)) {
      const message = `OpenAPI 3.0 gives a ${draft.method.toUpperCase()} request body no meaning, so the body is left out (use 3.1 to keep it).`;
      errors.push(problem('SPEC_BUILD_BODY_NOT_ALLOWED', at, message));
    } else {
      operation.requestBody = {
        required: true,
        content: toJsonContent(draft.body.sample, dialect, at, errors),
      };
    }
  }
  operation.responses = buildResponses(draft, dialect, errors);
  return { operation, errors };
}

function buildResponses(
  draft: EndpointDraft,
  dialect: SchemaDialect,
  errors: Diagnostic[],
): Record<string, unknown> {
  if (draft.responses.length === 0) return { '200': { description: 'OK' } };
  const responses: Record<string, unknown> = {};
  const ordered = [...draft.responses].sort(([a], [b]) => rankStatus(a) - rankStatus(b) || (a < b ? -1 : 1));
  for (const [status, value] of ordered) {
    const at = joinPointer(joinPointer(draft.pointer, 'responses'), status);
    if (typeof value === 'string') {
      responses[status] = { description: value };
    } else if (value === null) {
      responses[status] = { description: REASONS[status] ?? 'Response' };
    } else {
      responses[status] = {
        description: REASONS[status] ?? 'Response',
        content: toJsonContent(value, dialect, at, errors),
      };
    }
  }
  return responses;
}

/** Numeric codes, then ranges, then `default`: a JS object keeps integer-like keys first anyway. */
function rankStatus(status: string): number {
  if (status === 'default') return 1000;
  if (status.endsWith('XX')) return 600 + Number(status[0]);
  return Number(status);
}

function toJsonContent(
  sample: unknown,
  dialect: SchemaDialect,
  at: string,
  errors: Diagnostic[],
): Record<string, unknown> {
  const inferred = inferSchema(sample, dialect, at);
  errors.push(...inferred.errors);
  const media: Record<string, unknown> = { schema: inferred.schema };
  // A sample that is not plain JSON would not survive JSON text, so only JSON samples become examples.
  if (inferred.isJson) media.example = structuredClone(sample);
  return { 'application/json': media };
}
