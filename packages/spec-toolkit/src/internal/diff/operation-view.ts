import { isPlainObject, joinPointer } from '../json-pointer.js';
import { listParameters, type OperationEntry, type ParameterEntry } from '../spec-model.js';
import { parameterHome, readBodyView, readResponseViews } from './content-view.js';
import type { ResolveRef } from './ref-resolver.js';
import type { SchemaNode, SchemaReader, SchemaSite } from './schema-node.js';
import { readSecurityView, type SecurityView } from './security-view.js';

/** A parameter in effect for an operation, with the schema that describes its value. */
export interface ParameterView {
  /** `in:name`, the header names lower-cased since HTTP headers ignore case. */
  key: string;
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  /** Where the parameter is written in the operation or path item. */
  pointer: string;
  schema: SchemaSite | undefined;
}

/** One media type of a request or response body. */
export interface MediaView {
  pointer: string;
  schema: SchemaSite | undefined;
  /** A schema built from 2.0 form parameters, used instead of `schema`. */
  node?: SchemaNode;
}

/** A request body in the 3.x model; 2.0 `in: body` and `in: formData` parameters are mapped onto it. */
export interface BodyView {
  pointer: string;
  required: boolean;
  media: Map<string, MediaView>;
  /** Where the media types are declared (`content`, or 2.0 `consumes`). */
  mediaPointer: string;
}

/** One response status, with its media types. */
export interface ResponseView {
  pointer: string;
  /** The response as written (maybe a `$ref`), for the header comparison. */
  raw: unknown;
  media: Map<string, MediaView>;
  mediaPointer: string;
}

/** What the comparison needs from one operation, read once. */
export interface OperationDetails {
  parameters: Map<string, ParameterView>;
  body: BodyView | undefined;
  responses: Map<string, ResponseView>;
  security: SecurityView;
}

/** One side's document and the helpers bound to it. */
export interface SpecSide {
  doc: Record<string, unknown>;
  swagger2: boolean;
  resolve: ResolveRef;
  reader: SchemaReader;
}

/**
 * Reads the parameters, body, responses and security of one operation.
 *
 * @example
 * const { parameters, body, responses, security } = readOperationDetails(side, listOperations(side.doc)[0]);
 */
export function readOperationDetails(side: SpecSide, entry: OperationEntry): OperationDetails {
  const all = listParameters(side.doc, entry);
  const plain = side.swagger2 ? all.filter((p) => p.in !== 'body' && p.in !== 'formData') : all;
  const parameters = new Map<string, ParameterView>();
  for (const parameter of plain) {
    const view = readParameterView(parameter, parameterHome(side, entry, parameter), side.swagger2);
    parameters.set(view.key, view);
  }
  return {
    parameters,
    body: readBodyView(side, entry, all),
    responses: readResponseViews(side, entry),
    security: readSecurityView(side.doc, entry),
  };
}

/**
 * The key parameters are matched by: `in` plus the name, header names without case.
 *
 * @example
 * parameterKey('header', 'X-Trace'); // 'header:x-trace'
 */
export function parameterKey(location: string, name: string): string {
  return `${location}:${location === 'header' ? name.toLowerCase() : name}`;
}

function readParameterView(entry: ParameterEntry, home: string, swagger2: boolean): ParameterView {
  const parameter = entry.parameter;
  return {
    key: parameterKey(entry.in, entry.name),
    name: entry.name,
    in: entry.in,
    required: entry.required,
    deprecated: parameter.deprecated === true,
    pointer: entry.pointer,
    schema: readParameterSchema(parameter, home, swagger2),
  };
}

function readParameterSchema(
  parameter: Record<string, unknown>,
  home: string,
  swagger2: boolean,
): SchemaSite | undefined {
  // In 2.0 the parameter carries `type`, `format`, `items` and `enum` itself.
  if (swagger2) return { value: parameter, pointer: home };
  if (parameter.schema !== undefined)
    return { value: parameter.schema, pointer: joinPointer(home, 'schema') };
  if (!isPlainObject(parameter.content)) return undefined;
  const [mediaType, media] = Object.entries(parameter.content)[0] ?? [];
  if (mediaType === undefined || !isPlainObject(media) || media.schema === undefined) return undefined;
  return {
    value: media.schema,
    pointer: joinPointer(joinPointer(joinPointer(home, 'content'), mediaType), 'schema'),
  };
}
