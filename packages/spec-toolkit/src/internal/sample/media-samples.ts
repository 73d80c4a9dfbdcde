import { isPlainObject } from '../json-pointer.js';
import { parameterSchema, resolveLocal } from '../spec-model.js';
import { FILE_PLACEHOLDER } from './sample-scalar.js';
import { type SampleOptions, type SampleResult, sampleSchema } from './sample-schema.js';

/**
 * True for `application/json`, `application/problem+json`, `text/json` and the like.
 *
 * @example
 * ```ts
 * isJsonMediaType('application/problem+json'); // true
 * ```
 */
export function isJsonMediaType(type: string): boolean {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === '*/*' || /[/+]json$/.test(base) || base.endsWith('/json') || /\/(x-)?ndjson$/.test(base);
}

/**
 * True for the two form encodings.
 *
 * @example
 * ```ts
 * isFormMediaType('multipart/form-data; boundary=x'); // true
 * ```
 */
export function isFormMediaType(type: string): boolean {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'application/x-www-form-urlencoded' || base === 'multipart/form-data';
}

/**
 * The media type a sample uses: the first JSON-like one, else the first form one, else the first.
 *
 * @example
 * ```ts
 * pickMediaType(['application/xml', 'application/json']); // 'application/json'
 * ```
 */
export function pickMediaType(types: readonly string[]): string | undefined {
  return types.find(isJsonMediaType) ?? types.find(isFormMediaType) ?? types[0];
}

/**
 * The value of the first entry of an OpenAPI `examples` map (following `$ref` to
 * `components/examples`); `found: false` when there is none with a `value`.
 *
 * @example
 * ```ts
 * readExamplesMap(doc, { one: { value: 1 } }); // { found: true, value: 1 }
 * ```
 */
export function readExamplesMap(doc: unknown, examples: unknown): { found: boolean; value?: unknown } {
  if (!isPlainObject(examples)) return { found: false };
  for (const raw of Object.values(examples)) {
    const example = resolveLocal(doc, raw, '')?.value;
    if (isPlainObject(example) && example.value !== undefined) return { found: true, value: example.value };
  }
  return { found: false };
}

/**
 * A sample for an OpenAPI 3 media type object: its `example`, its first `examples` entry, else its schema.
 *
 * @example
 * ```ts
 * sampleMediaType(doc, { example: { a: 1 } }, { direction: 'response' }).value; // { a: 1 }
 * ```
 */
export function sampleMediaType(
  doc: unknown,
  media: Record<string, unknown>,
  options: SampleOptions,
): SampleResult & { explicit: boolean } {
  if (media.example !== undefined) return { value: media.example, unresolved: [], explicit: true };
  const fromMap = readExamplesMap(doc, media.examples);
  if (fromMap.found) return { value: fromMap.value, unresolved: [], explicit: true };
  // A 3.2 streaming media type describes one item with `itemSchema`: the sample is one item.
  const schema = media.schema ?? media.itemSchema;
  if (schema === undefined) return { value: undefined, unresolved: [], explicit: false };
  return { ...sampleSchema(doc, schema, options), explicit: false };
}

/**
 * True when a parameter (or its schema) carries an explicit example, as opposed to a default or enum.
 *
 * @example
 * ```ts
 * hasParameterExample(doc, { name: 'q', in: 'query', example: 'cats' }); // true
 * ```
 */
export function hasParameterExample(doc: unknown, parameter: Record<string, unknown>): boolean {
  if (parameter.example !== undefined || parameter['x-example'] !== undefined) return true;
  if (readExamplesMap(doc, parameter.examples).found) return true;
  const schema = parameterSchema(doc, parameter);
  return schema !== undefined && (schema.example !== undefined || Array.isArray(schema.examples));
}

/**
 * A sample value for a parameter: its own example(s), else one drawn from its schema (2.0: itself).
 *
 * @example
 * ```ts
 * sampleParameter(doc, { name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } }).value; // 20
 * ```
 */
export function sampleParameter(doc: unknown, parameter: Record<string, unknown>): SampleResult {
  if (parameter.example !== undefined) return { value: parameter.example, unresolved: [] };
  const fromMap = readExamplesMap(doc, parameter.examples);
  if (fromMap.found) return { value: fromMap.value, unresolved: [] };
  if (parameter['x-example'] !== undefined) return { value: parameter['x-example'], unresolved: [] };
  if (isPlainObject(parameter.content)) {
    const media = Object.values(parameter.content)[0];
    if (isPlainObject(media)) return sampleMediaType(doc, media, { direction: 'request' });
  }
  const schema = parameterSchema(doc, parameter);
  if (schema === undefined) return { value: 'string', unresolved: [] };
  if (parameter.type === 'file') return { value: FILE_PLACEHOLDER, unresolved: [] };
  return sampleSchema(doc, schema, { direction: 'request', maxArrayItems: 2 });
}
