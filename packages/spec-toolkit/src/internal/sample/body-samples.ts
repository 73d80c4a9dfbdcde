import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { listParameters, type OperationEntry, resolveLocal } from '../spec-model.js';
import {
  isFormMediaType,
  isJsonMediaType,
  pickMediaType,
  sampleMediaType,
  sampleParameter,
} from './media-samples.js';
import { readSwaggerMediaTypes } from './read-endpoint.js';
import { type SampleOptions, sampleSchema } from './sample-schema.js';

/** A sample body with the media type it is written for. */
export interface BodySample {
  contentType: string;
  value: unknown;
  /** `$ref`s that could not be followed while sampling. */
  unresolved: string[];
  /** True when the value came from an `example`/`examples` rather than being generated. */
  explicit: boolean;
}

type Limits = Omit<SampleOptions, 'direction'>;

/**
 * A sample request body: OpenAPI 3 `requestBody` (JSON-like media type first, else a form one),
 * or the Swagger 2.0 `in: body` parameter, or the 2.0 `formData` parameters as one object.
 *
 * @example
 * ```ts
 * sampleRequestBody(doc, '3.0', entry)?.value; // { name: 'doggie', photoUrls: ['string'] }
 * ```
 */
export function sampleRequestBody(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  limits: Limits = {},
): BodySample | undefined {
  const options: SampleOptions = { ...limits, direction: 'request' };
  if (version !== '2.0') {
    const body = resolveLocal(doc, entry.operation.requestBody, '')?.value;
    if (!isPlainObject(body) || !isPlainObject(body.content)) return undefined;
    const contentType = pickMediaType(Object.keys(body.content));
    const media = contentType === undefined ? undefined : body.content[contentType];
    if (contentType === undefined || !isPlainObject(media)) return undefined;
    const sampled = sampleMediaType(doc, media, options);
    const empty = isJsonMediaType(contentType) || isFormMediaType(contentType) ? {} : '';
    return { contentType, ...sampled, value: sampled.value ?? empty };
  }
  const consumes = readSwaggerMediaTypes(doc, entry.operation, 'consumes');
  const parameters = listParameters(doc, entry);
  const body = parameters.find((p) => p.in === 'body');
  if (body) {
    const contentType = pickMediaType(consumes) ?? 'application/json';
    return { contentType, ...sampleSchema(doc, body.parameter.schema, options), explicit: false };
  }
  const fields = parameters.filter((p) => p.in === 'formData');
  if (fields.length === 0) return undefined;
  const value: Record<string, unknown> = {};
  const unresolved: string[] = [];
  for (const field of fields) {
    const sampled = sampleParameter(doc, field.parameter);
    value[field.name] = sampled.value;
    unresolved.push(...sampled.unresolved);
  }
  const declared = consumes.find((t) =>
    /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(t),
  );
  const hasFile = fields.some((p) => p.parameter.type === 'file');
  const contentType = declared ?? (hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded');
  return { contentType, value, unresolved, explicit: false };
}

/**
 * A sample body for one response, from its first JSON-like media type only; undefined when it has none.
 *
 * @example
 * ```ts
 * sampleResponseBody(doc, '3.0', entry, '200', { maxArrayItems: 2 })?.contentType; // 'application/json'
 * ```
 */
export function sampleResponseBody(
  doc: Record<string, unknown>,
  version: SpecVersion,
  entry: OperationEntry,
  status: string,
  limits: Limits = {},
): BodySample | undefined {
  const options: SampleOptions = { ...limits, direction: 'response' };
  const responses = entry.operation.responses;
  if (!isPlainObject(responses)) return undefined;
  const response = resolveLocal(doc, responses[status], '')?.value;
  if (!isPlainObject(response)) return undefined;
  if (version === '2.0') {
    const produces = readSwaggerMediaTypes(doc, entry.operation, 'produces');
    const contentType =
      produces.find(isJsonMediaType) ?? (produces.length === 0 ? 'application/json' : undefined);
    if (contentType === undefined) return undefined;
    const examples = isPlainObject(response.examples) ? response.examples : {};
    const explicit = examples[contentType] ?? examples['application/json'];
    if (explicit !== undefined) return { contentType, value: explicit, unresolved: [], explicit: true };
    if (response.schema === undefined) return undefined;
    return { contentType, ...sampleSchema(doc, response.schema, options), explicit: false };
  }
  if (!isPlainObject(response.content)) return undefined;
  const contentType = Object.keys(response.content).find(isJsonMediaType);
  const media = contentType === undefined ? undefined : response.content[contentType];
  if (contentType === undefined || !isPlainObject(media)) return undefined;
  const sampled = sampleMediaType(doc, media, options);
  return sampled.value === undefined ? undefined : { contentType, ...sampled };
}
