import { isPlainObject, joinPointer } from '../json-pointer.js';
import type { OperationEntry, ParameterEntry } from '../spec-model.js';
import type { SchemaSite } from './schema-node.js';
import type { BodyView, MediaView, ResponseView, SpecSide } from './side-views.js';

/** 2.0 lets `consumes` / `produces` default to nothing; JSON is what such APIs almost always speak. */
const DEFAULT_JSON = ['application/json'];
const DEFAULT_FORM = ['application/x-www-form-urlencoded'];

/**
 * The request body of an operation in the 3.x model, or undefined when it takes none.
 *
 * @example
 * readBodyView(side, entry, listParameters(side.doc, entry))?.media.keys(); // 'application/json', …
 */
export function readBodyView(
  side: SpecSide,
  entry: OperationEntry,
  parameters: ParameterEntry[],
): BodyView | undefined {
  if (!side.swagger2) return readRequestBody(side, entry);
  const body = parameters.find((p) => p.in === 'body');
  if (body) {
    const home = parameterHome(side, entry, body);
    const schema: SchemaSite | undefined =
      body.parameter.schema === undefined
        ? undefined
        : { value: body.parameter.schema, pointer: joinPointer(home, 'schema') };
    const { types, pointer } = readMediaList(side, entry, 'consumes', DEFAULT_JSON, body.pointer);
    return {
      pointer: body.pointer,
      required: body.required,
      media: mediaOf(types, pointer, schema),
      mediaPointer: pointer,
    };
  }
  const form = parameters.filter((p) => p.in === 'formData');
  if (form.length === 0) return undefined;
  const properties = new Map<string, SchemaSite>();
  const required = new Set<string>();
  for (const parameter of form) {
    properties.set(parameter.name, {
      value: parameter.parameter,
      pointer: parameterHome(side, entry, parameter),
    });
    if (parameter.required) required.add(parameter.name);
  }
  const at = joinPointer(entry.pointer, 'parameters');
  const node = side.reader.createObjectNode(at, properties, required);
  const { types, pointer } = readMediaList(side, entry, 'consumes', DEFAULT_FORM, at);
  const media = new Map<string, MediaView>();
  for (const type of types) media.set(type, { pointer, schema: undefined, node });
  return { pointer: at, required: required.size > 0, media, mediaPointer: pointer };
}

function readRequestBody(side: SpecSide, entry: OperationEntry): BodyView | undefined {
  const site = joinPointer(entry.pointer, 'requestBody');
  if (entry.operation.requestBody === undefined) return undefined;
  const resolved = side.resolve(entry.operation.requestBody, site);
  if (!resolved || !isPlainObject(resolved.value)) return undefined;
  const { media, mediaPointer } = readContent(side, resolved.value, resolved.pointer);
  return { pointer: site, required: resolved.value.required === true, media, mediaPointer };
}

/**
 * Every documented response status of an operation, keyed by status (`200`, `4XX`, `default`).
 *
 * @example
 * [...readResponseViews(side, entry).keys()]; // ['200', '4XX', 'default']
 */
export function readResponseViews(side: SpecSide, entry: OperationEntry): Map<string, ResponseView> {
  const out = new Map<string, ResponseView>();
  const responses = entry.operation.responses;
  if (!isPlainObject(responses)) return out;
  const base = joinPointer(entry.pointer, 'responses');
  for (const [status, raw] of Object.entries(responses)) {
    if (status.startsWith('x-')) continue;
    const site = joinPointer(base, status);
    const resolved = side.resolve(raw, site);
    if (!resolved || !isPlainObject(resolved.value)) continue;
    const response = resolved.value;
    const key = status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase();
    if (!side.swagger2) {
      out.set(key, { pointer: site, raw, ...readContent(side, response, resolved.pointer) });
      continue;
    }
    if (response.schema === undefined) {
      out.set(key, { pointer: site, raw, media: new Map(), mediaPointer: site });
      continue;
    }
    const schema = { value: response.schema, pointer: joinPointer(resolved.pointer, 'schema') };
    const { types, pointer } = readMediaList(side, entry, 'produces', DEFAULT_JSON, schema.pointer);
    out.set(key, { pointer: site, raw, media: mediaOf(types, pointer, schema), mediaPointer: pointer });
  }
  return out;
}

/**
 * The media types of a request body or response. A 3.2 media type may be a `$ref` (to
 * `components/mediaTypes`), and a streaming one (`text/event-stream`, `application/jsonl`)
 * describes its items with `itemSchema`: compared as the body's schema when there is no `schema`.
 */
function readContent(
  side: SpecSide,
  holder: Record<string, unknown>,
  pointer: string,
): { media: Map<string, MediaView>; mediaPointer: string } {
  const mediaPointer = joinPointer(pointer, 'content');
  const media = new Map<string, MediaView>();
  if (!isPlainObject(holder.content)) return { media, mediaPointer };
  for (const [type, raw] of Object.entries(holder.content)) {
    const resolved = side.resolve(raw, joinPointer(mediaPointer, type));
    const at = resolved?.pointer ?? joinPointer(mediaPointer, type);
    const value = resolved?.value;
    const field = isPlainObject(value)
      ? value.schema !== undefined
        ? 'schema'
        : value.itemSchema !== undefined
          ? 'itemSchema'
          : undefined
      : undefined;
    media.set(normalizeMediaType(type), {
      pointer: at,
      schema:
        field === undefined || !isPlainObject(value)
          ? undefined
          : { value: value[field], pointer: joinPointer(at, field) },
    });
  }
  return { media, mediaPointer };
}

/** 2.0 media types: the operation's list, else the document's, else a default. */
function readMediaList(
  side: SpecSide,
  entry: OperationEntry,
  field: 'consumes' | 'produces',
  fallback: string[],
  fallbackPointer: string,
): { types: string[]; pointer: string } {
  const own = entry.operation[field];
  if (Array.isArray(own)) return { types: strings(own), pointer: joinPointer(entry.pointer, field) };
  const global = side.doc[field];
  if (Array.isArray(global)) return { types: strings(global), pointer: `/${field}` };
  return { types: fallback, pointer: fallbackPointer };
}

function mediaOf(types: string[], pointer: string, schema: SchemaSite | undefined): Map<string, MediaView> {
  const media = new Map<string, MediaView>();
  for (const type of types) media.set(type, { pointer, schema });
  return media;
}

function strings(list: unknown[]): string[] {
  return list.filter((item): item is string => typeof item === 'string').map(normalizeMediaType);
}

/** Media types ignore case and spaces around parameters (`application/json; charset=utf-8`). */
function normalizeMediaType(type: string): string {
  return type
    .toLowerCase()
    .replace(/\s*;\s*/g, '; ')
    .trim();
}

/**
 * Where a parameter lives once its `$ref` is followed (its pointer names the referencing site).
 *
 * @example
 * parameterHome(side, entry, parameter); // '/components/parameters/per-page' for a $ref'd one
 */
export function parameterHome(side: SpecSide, entry: OperationEntry, parameter: ParameterEntry): string {
  const list = parameter.level === 'path' ? entry.pathItem.parameters : entry.operation.parameters;
  const index = Number(parameter.pointer.slice(parameter.pointer.lastIndexOf('/') + 1));
  const raw = Array.isArray(list) ? list[index] : undefined;
  return side.resolve(raw, parameter.pointer)?.pointer ?? parameter.pointer;
}
