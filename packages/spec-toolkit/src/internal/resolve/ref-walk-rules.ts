import type { SpecVersion } from '../../types.js';

/** Members whose keys are names chosen by the author, never keywords (`default` is a name there). */
export const NAME_MAPS = new Set([
  'paths',
  'webhooks',
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'securityDefinitions',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
  'examples',
  'mediaTypes',
  'additionalOperations',
]);

/** Members that hold example or literal data: a `$ref` inside them is data, not a reference. */
export const DATA_MEMBERS = new Set(['example', 'default', 'enum', 'const']);

/**
 * True when the member `key` of an object may hold references. `namesHere` says the object's
 * keys are author-chosen names; `inExamples` that it is an Example Object's entry.
 *
 * @example
 * holdsReferences('example', { example: {} }, false, false, '3.0'); // false: example data
 */
export function holdsReferences(
  key: string,
  node: Record<string, unknown>,
  namesHere: boolean,
  inExamples: boolean,
  version: SpecVersion | null,
): boolean {
  if (namesHere) return true;
  if (key === '$ref' || DATA_MEMBERS.has(key) || key.startsWith('x-')) return false;
  if (inExamples && (key === 'value' || key === 'dataValue' || key === 'serializedValue')) return false;
  // 2.0 response `examples` and 3.1 schema `examples` arrays are data.
  return !(key === 'examples' && (version === '2.0' || Array.isArray(node[key])));
}
