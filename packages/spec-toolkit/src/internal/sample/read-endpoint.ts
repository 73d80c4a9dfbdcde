import type { Endpoint, EndpointParam, EndpointRequestBody, EndpointResponse } from '../../endpoint.js';
import type { Diagnostic, SpecVersion } from '../../types.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import { listParameters, type OperationEntry, type ParameterEntry, parameterSchema } from '../spec-model.js';
import { resolveObject } from './resolve-checked.js';
import { toTypeLabel } from './type-label.js';

/**
 * Turns one operation into an {@link Endpoint}, reporting dangling `$ref`s into `errors`.
 *
 * @example
 * ```ts
 * readEndpoint(doc, '3.0', listOperations(doc)[0], errors).method; // 'GET'
 * ```
 */
export function readEndpoint(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  errors: Diagnostic[],
): Endpoint {
  const { operation } = entry;
  reportDanglingParameters(doc, entry, errors);
  const parameters = listParameters(doc, entry);
  const text = (key: string): { [key: string]: string } => {
    const value = operation[key];
    return typeof value === 'string' ? { [key]: value } : {};
  };
  const requestBody =
    version === '2.0' ? readSwaggerBody(doc, entry, parameters) : readRequestBody(doc, entry, errors);
  const security = readSecurity(doc, operation);
  // Built in one literal so every endpoint serialises with the same key order.
  const endpoint: Endpoint = {
    method: entry.method.toUpperCase(),
    path: entry.path,
    ...text('operationId'),
    ...text('summary'),
    ...text('description'),
    tags: Array.isArray(operation.tags)
      ? operation.tags.filter((t): t is string => typeof t === 'string')
      : [],
    ...(operation.deprecated === true ? { deprecated: true } : {}),
    params: parameters.filter((p) => p.in !== 'body').map((p) => toEndpointParam(doc, p)),
    ...(requestBody ? { requestBody } : {}),
    responses: readResponses(doc, version, entry, errors),
    ...(security ? { security } : {}),
    pointer: entry.pointer,
  };
  return endpoint;
}

function reportDanglingParameters(doc: unknown, entry: OperationEntry, errors: Diagnostic[]): void {
  const lists: [unknown, string][] = [
    [entry.pathItem.parameters, joinPointer(entry.pathItemPointer, 'parameters')],
    [entry.operation.parameters, joinPointer(entry.pointer, 'parameters')],
  ];
  for (const [list, pointer] of lists) {
    if (!Array.isArray(list)) continue;
    for (const [index, raw] of list.entries()) resolveObject(doc, raw, joinPointer(pointer, index), errors);
  }
}

function toEndpointParam(doc: unknown, entry: ParameterEntry): EndpointParam {
  const schema = parameterSchema(doc, entry.parameter);
  const param: EndpointParam = {
    name: entry.name,
    in: entry.in,
    required: entry.required,
    type: schema ? toTypeLabel(doc, schema) : 'any',
  };
  if (schema && typeof schema.format === 'string') param.format = schema.format;
  if (typeof entry.parameter.description === 'string') param.description = entry.parameter.description;
  if (entry.parameter.deprecated === true) param.deprecated = true;
  return param;
}

/**
 * Swagger 2.0 `consumes` / `produces` of an operation, falling back to the document's.
 *
 * @example
 * ```ts
 * readSwaggerMediaTypes({ consumes: ['application/json'] }, {}, 'consumes'); // ['application/json']
 * ```
 */
export function readSwaggerMediaTypes(
  doc: Record<string, unknown>,
  operation: Record<string, unknown>,
  key: 'consumes' | 'produces',
): string[] {
  const list = Array.isArray(operation[key]) ? operation[key] : doc[key];
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function readSwaggerBody(
  doc: Record<string, unknown>,
  entry: OperationEntry,
  parameters: ParameterEntry[],
): EndpointRequestBody | undefined {
  const consumes = readSwaggerMediaTypes(doc, entry.operation, 'consumes');
  const body = parameters.find((p) => p.in === 'body');
  if (body) {
    const out: EndpointRequestBody = {
      required: body.required,
      contentTypes: consumes.length > 0 ? consumes : ['application/json'],
    };
    if (typeof body.parameter.description === 'string') out.description = body.parameter.description;
    return out;
  }
  const form = parameters.filter((p) => p.in === 'formData');
  if (form.length === 0) return undefined;
  const declared = consumes.filter((t) => FORM_TYPES.includes(t.split(';')[0]?.trim() ?? ''));
  const hasFile = form.some((p) => p.parameter.type === 'file');
  const fallback = hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
  return {
    required: form.some((p) => p.required),
    contentTypes: declared.length > 0 ? declared : [fallback],
  };
}

function readRequestBody(
  doc: unknown,
  entry: OperationEntry,
  errors: Diagnostic[],
): EndpointRequestBody | undefined {
  if (entry.operation.requestBody === undefined) return undefined;
  const body = resolveObject(
    doc,
    entry.operation.requestBody,
    joinPointer(entry.pointer, 'requestBody'),
    errors,
  );
  if (!body) return undefined;
  const out: EndpointRequestBody = {
    required: body.required === true,
    contentTypes: isPlainObject(body.content) ? Object.keys(body.content) : [],
  };
  if (typeof body.description === 'string') out.description = body.description;
  return out;
}

function readResponses(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  errors: Diagnostic[],
): EndpointResponse[] {
  const responses = entry.operation.responses;
  if (!isPlainObject(responses)) return [];
  const produces = version === '2.0' ? readSwaggerMediaTypes(doc, entry.operation, 'produces') : [];
  const out: EndpointResponse[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    if (status.startsWith('x-')) continue;
    const response = resolveObject(
      doc,
      raw,
      joinPointer(joinPointer(entry.pointer, 'responses'), status),
      errors,
    );
    const description = typeof response?.description === 'string' ? response.description : '';
    let contentTypes: string[] = [];
    if (version === '2.0') {
      if (response?.schema !== undefined)
        contentTypes = produces.length > 0 ? produces : ['application/json'];
    } else if (isPlainObject(response?.content)) {
      contentTypes = Object.keys(response.content);
    }
    out.push({ status, description, contentTypes });
  }
  return out;
}

/**
 * The security requirements in effect: the operation's own, else the document's; undefined when neither says.
 *
 * @example
 * ```ts
 * readSecurity({ security: [{ key: [] }] }, { security: [] }); // []
 * ```
 */
export function readSecurity(
  doc: Record<string, unknown>,
  operation: Record<string, unknown>,
): Record<string, string[]>[] | undefined {
  const list = Array.isArray(operation.security) ? operation.security : doc.security;
  if (!Array.isArray(list)) return undefined;
  return list.filter(isPlainObject).map((requirement) => {
    const out: Record<string, string[]> = {};
    for (const [name, scopes] of Object.entries(requirement)) {
      out[name] = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
    }
    return out;
  });
}
