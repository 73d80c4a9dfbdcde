import { isPlainObject, joinPointer } from '../json-pointer.js';
import { listParameters, type OperationEntry, type ParameterEntry } from '../spec-model.js';
import { parameterHome, readBodyView, readResponseViews } from './content-view.js';
import type { SchemaSite } from './schema-node.js';
import { readSecurityView } from './security-view.js';
import type { OperationDetails, ParameterView, SpecSide } from './side-views.js';

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
