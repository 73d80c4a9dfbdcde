import { foldEntry, foldLevel, foldMember, foldNode } from '../checks/ref-scan-fold.js';
import { isPlainObject } from '../json-pointer.js';
import { jsonEqual } from '../schema-validator/value-checks.js';
import { resolveLocalValue } from '../spec-model.js';
import type { ExampleChecker } from './example-rules.js';
import { checkMarkdown } from './markdown-rules.js';
import { child, type Place, type RuleContext, report, type SchemaCursor } from './rule-context.js';
import { admitsType, typesOf } from './schema-types.js';

// How each subschema-holding keyword holds its subschemas.
const MAP = 1;
const LIST = 2;
const SINGLE = 3;
const SUBSCHEMAS = new Map<string, number>([
  ['properties', MAP],
  ['patternProperties', MAP],
  ['definitions', MAP],
  ['$defs', MAP],
  ['dependentSchemas', MAP],
  ['allOf', LIST],
  ['anyOf', LIST],
  ['oneOf', LIST],
  ['prefixItems', LIST],
  ['items', SINGLE],
  ['additionalProperties', SINGLE],
  ['not', SINGLE],
  ['if', SINGLE],
  ['then', SINGLE],
  ['else', SINGLE],
  ['contains', SINGLE],
  ['propertyNames', SINGLE],
  ['unevaluatedItems', SINGLE],
  ['unevaluatedProperties', SINGLE],
  ['additionalItems', SINGLE],
]);

/**
 * Walks a schema (at `place`, or at its member `token` when given) and its inline subschemas (a
 * `$ref` is not followed: its target is walked where it is defined) with the schema rules: enum against type, repeated enum values, arrays
 * without items (2.0, 3.0), required properties not defined, `$ref` siblings, and the schema's
 * own `example` / `examples` against it. One pass over each schema's keys dispatches them.
 */
export function walkSchema(
  context: RuleContext,
  examples: ExampleChecker,
  schema: unknown,
  place: Place,
  token?: string,
): void {
  // One cursor per rule walk: its arrays are emptied, not reallocated, for each schema.
  context.schemaCursor ??= createCursor(place);
  const cursor = context.schemaCursor;
  cursor.base = place;
  // Balanced enter/leave leave the arrays empty; truncating them anyway would drop their
  // backing stores, and every schema would grow them again.
  if (cursor.tokens.length !== 0) {
    cursor.tokens.length = 0;
    cursor.places.length = 0;
  }
  cursor.pending = undefined;
  if (token === undefined) {
    visitSchema(context, examples, cursor, schema, null, null);
    return;
  }
  // The schema's own place is built only if a finding needs it, like those below it.
  enter(cursor, token);
  visitSchema(context, examples, cursor, schema, null, null);
  leave(cursor);
}

function createCursor(base: Place): SchemaCursor {
  const cursor: SchemaCursor = {
    base,
    tokens: [],
    places: [],
    pending: undefined,
    placeOf() {
      let index = cursor.places.length - 1;
      while (index >= 0 && cursor.places[index] === undefined) index--;
      let place = index >= 0 ? (cursor.places[index] as Place) : cursor.base;
      for (let at = index + 1; at < cursor.tokens.length; at++) {
        place = child(place, cursor.tokens[at] as string | number);
        cursor.places[at] = place;
      }
      return cursor.pending === undefined ? place : child(place, cursor.pending);
    },
  };
  return cursor;
}

function here(cursor: SchemaCursor, token?: string | number): Place {
  cursor.pending = token;
  const place = cursor.placeOf();
  cursor.pending = undefined;
  return place;
}

function enter(cursor: SchemaCursor, token: string | number): void {
  cursor.tokens.push(token);
  cursor.places.push(undefined);
}

function leave(cursor: SchemaCursor): void {
  cursor.tokens.pop();
  cursor.places.pop();
}

function visitSchema(
  context: RuleContext,
  examples: ExampleChecker,
  cursor: SchemaCursor,
  schema: unknown,
  parent: Record<string, unknown> | null,
  branches: unknown[] | null,
): void {
  if (!isPlainObject(schema)) return;
  const legacy = context.version === '2.0' || context.version === '3.0';
  // In the schemas section, the reference scan's work too (ref-scan-fold.ts): each token of the
  // cursor is one level of nesting below the section.
  const fold = context.refScanFold;
  const level = fold === undefined ? 0 : fold.level + cursor.tokens.length;
  if (fold !== undefined) foldLevel(fold, level);
  if (typeof schema.$ref === 'string' && legacy) {
    if (fold !== undefined) foldNode(fold, schema, level - 1);
    if (context.strict) checkRefSiblings(context, schema, here(cursor));
    return;
  }
  for (const key in schema) {
    if (fold !== undefined) fold.keys++;
    const kind = SUBSCHEMAS.get(key);
    if (kind === undefined) {
      if (fold !== undefined) foldMember(fold, key, schema[key], level);
      checkKeyword(context, examples, cursor, schema, key, legacy, parent, branches);
      continue;
    }
    const sub = schema[key];
    if (typeof sub !== 'object' || sub === null) continue;
    if (fold !== undefined) foldLevel(fold, level + 1);
    enter(cursor, key);
    if (kind === MAP || (kind === SINGLE && !Array.isArray(sub))) {
      if (kind === SINGLE) visitSchema(context, examples, cursor, sub, null, null);
      else {
        const names = !Array.isArray(sub);
        for (const name in sub) {
          const entry = (sub as Record<string, unknown>)[name];
          if (fold !== undefined) foldEntry(fold, entry, level + 1, names);
          enter(cursor, name);
          visitSchema(context, examples, cursor, entry, null, null);
          leave(cursor);
        }
      }
    } else if (Array.isArray(sub)) {
      const composed = key !== 'prefixItems';
      // One allOf part beside other keywords is the 3.0 idiom for adding to a reference: fine.
      const idiom = key === 'allOf' && sub.length === 1 && Object.keys(schema).length > 1;
      if (composed && sub.length < 2 && !idiom) {
        report(
          context,
          'SPEC_COMPOSITION_SINGLE',
          here(cursor),
          `"${key}" lists ${sub.length === 0 ? 'no schema' : 'one schema'}: use the schema directly${sub.length === 0 ? ', or drop the keyword' : ''}.`,
        );
      }
      for (let index = 0; index < sub.length; index++) {
        if (fold !== undefined) foldEntry(fold, sub[index], level + 1, false);
        enter(cursor, index);
        visitSchema(context, examples, cursor, sub[index], composed ? schema : null, composed ? sub : null);
        leave(cursor);
      }
    } else if (fold !== undefined) {
      // A list keyword holding an object: no schema is visited, the scan still walks it.
      foldNode(fold, sub, level);
    }
    leave(cursor);
  }
}

/** The rules of one keyword that holds no subschema. */
function checkKeyword(
  context: RuleContext,
  examples: ExampleChecker,
  cursor: SchemaCursor,
  schema: Record<string, unknown>,
  key: string,
  legacy: boolean,
  parent: Record<string, unknown> | null,
  branches: unknown[] | null,
): void {
  if (key === 'enum') {
    if (Array.isArray(schema.enum))
      checkEnum(context, schema.enum, schema.type, schema.nullable === true, cursor);
  } else if (key === 'required') {
    if (Array.isArray(schema.required) && schema.required.length > 0)
      checkRequiredDefined(
        context,
        schema,
        cursor,
        parent === null || branches === null ? null : { parent, branches },
      );
  } else if (
    key === 'discriminator' &&
    context.version === '2.0' &&
    typeof schema.discriminator === 'string'
  ) {
    checkSwaggerDiscriminator(context, schema, schema.discriminator, here(cursor));
  } else if (key === 'nullable' && !legacy) {
    report(
      context,
      'SPEC_NULLABLE_REMOVED',
      here(cursor, 'nullable'),
      `"nullable" means nothing in OpenAPI ${context.version} (JSON Schema 2020-12): add "null" to "type" instead, as type: [${typeof schema.type === 'string' ? schema.type : 'string'}, 'null'].`,
    );
  } else if (
    (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') &&
    !legacy &&
    typeof schema[key] === 'boolean'
  ) {
    report(
      context,
      'SPEC_EXCLUSIVE_BOUND_BOOLEAN',
      here(cursor, key),
      `"${key}" is a number in OpenAPI ${context.version} (JSON Schema 2020-12), not a boolean: write ${key}: <bound> instead of ${key === 'exclusiveMinimum' ? 'minimum' : 'maximum'} plus ${key}: true.`,
    );
  } else if (key === 'nullable' && context.version === '3.0' && schema.type === undefined) {
    report(
      context,
      'SPEC_NULLABLE_WITHOUT_TYPE',
      here(cursor, 'nullable'),
      '"nullable" has no effect without a "type" beside it in OpenAPI 3.0: add the type (or move "nullable" next to it).',
    );
  } else if ((key === 'description' || key === 'title') && context.strict) {
    // Once per schema (at its description, or its title when it has none).
    if (key === 'description' || schema.description === undefined)
      // The cursor itself (no pending token here), not an arrow: a closure over `cursor` would
      // make every call of this function allocate its context.
      checkMarkdown(context, schema, cursor);
  } else if (key === 'example') {
    // The place is built only if the example fails.
    cursor.pending = 'example';
    examples.check(schema, schema.example, cursor, 'SPEC_SCHEMA_EXAMPLE_INVALID');
    cursor.pending = undefined;
  } else if (key === 'examples' && !legacy && Array.isArray(schema.examples)) {
    const list = schema.examples;
    const at = here(cursor, 'examples');
    for (let index = 0; index < list.length; index++)
      examples.check(schema, list[index], child(at, index), 'SPEC_SCHEMA_EXAMPLE_INVALID');
  } else if (key === 'type' && schema.type === 'array' && legacy && schema.items === undefined) {
    report(
      context,
      'SPEC_SCHEMA_ARRAY_ITEMS_MISSING',
      here(cursor),
      'A "type: array" schema needs "items": say what the array holds ({} for anything).',
    );
  }
}

function checkEnum(
  context: RuleContext,
  values: unknown[],
  type: unknown,
  nullable: boolean,
  cursor: SchemaCursor,
): void {
  // Built on the first finding; no closure (which would allocate a context per call).
  let enumPlace: Place | undefined;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (!admitsType(value, type, nullable)) {
      // The list of types only for a finding: most enums match their type.
      const types = typesOf(type, nullable);
      // 3.0 allows `null` in an enum only with `nullable: true`; say what to change either way.
      const expected =
        types.length === 1 ? `"${types[0]}"` : `any of ${types.map((t) => `"${t}"`).join(', ')}`;
      enumPlace ??= here(cursor, 'enum');
      report(
        context,
        'SPEC_ENUM_TYPE_MISMATCH',
        child(enumPlace, index),
        `Enum value ${JSON.stringify(value)} is not of type ${expected}: ${typeof value === 'number' && types.includes('string') ? 'quote it' : 'change the value'}, or change "type".`,
      );
    }
    for (let earlier = 0; earlier < index; earlier++) {
      if (jsonEqual(values[earlier], value)) {
        enumPlace ??= here(cursor, 'enum');
        report(
          context,
          'SPEC_ENUM_DUPLICATE',
          child(enumPlace, index),
          `Enum value ${JSON.stringify(value)} is listed twice (first at index ${earlier}): drop the repeat.`,
        );
        break;
      }
    }
  }
}

/**
 * A required name must be a property the schema can have. Only schemas that say where their
 * properties come from are judged: with combinators (`allOf` …) or `patternProperties` the
 * name may be defined elsewhere, and without `properties` nothing is claimed.
 */
function checkRequiredDefined(
  context: RuleContext,
  schema: Record<string, unknown>,
  cursor: SchemaCursor,
  composedIn: Composition | null,
): void {
  // Properties may come from patterns, an open schema of additional properties, or a reference.
  if (schema.patternProperties !== undefined || schema.$ref !== undefined) return;
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false && additional !== true) return;
  const properties = isPlainObject(schema.properties) ? schema.properties : undefined;
  let elsewhere: Set<string> | undefined;
  const required = schema.required as unknown[];
  for (let index = 0; index < required.length; index++) {
    const name = required[index];
    if (typeof name !== 'string' || (properties !== undefined && Object.hasOwn(properties, name))) continue;
    const closed = additional === false;
    if (!closed) {
      // Defined by an allOf part of this schema, or (in a branch of allOf / anyOf / oneOf) by the
      // schema holding the branches or a sibling branch.
      elsewhere ??= namesDefinedAround(context.doc, schema, composedIn);
      if (elsewhere.has(name)) continue;
    }
    const finding = `Required property "${name}" is not defined in "properties"`;
    report(
      context,
      closed ? 'SPEC_SCHEMA_REQUIRED_IMPOSSIBLE' : 'SPEC_SCHEMA_REQUIRED_UNDEFINED',
      child(here(cursor, 'required'), index),
      closed
        ? `${finding} and "additionalProperties" is false, so no value can pass: define it, or drop it from "required".`
        : `${finding}: define it, or drop it from "required".`,
    );
  }
}

/** A list of allOf / anyOf / oneOf branches and the schema holding it. */
export interface Composition {
  parent: Record<string, unknown>;
  branches: unknown[];
}

function namesDefinedAround(
  doc: Record<string, unknown>,
  schema: Record<string, unknown>,
  composedIn: Composition | null,
): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const collect = (node: unknown, depth: number): void => {
    const value = resolveLocalValue(doc, node);
    if (!isPlainObject(value) || seen.has(value) || depth > 8) return;
    seen.add(value);
    if (isPlainObject(value.properties)) for (const name in value.properties) names.add(name);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = value[key];
      if (Array.isArray(list)) for (const item of list) collect(item, depth + 1);
    }
  };
  collect(schema, 0);
  if (composedIn !== null) {
    collect(composedIn.parent, 0);
    for (const branch of composedIn.branches) collect(branch, 0);
  }
  return names;
}

/** 2.0 and 3.0 ignore everything beside a `$ref`; extensions and 3.0's nothing else are fine. */
export function checkRefSiblings(context: RuleContext, node: Record<string, unknown>, place: Place): void {
  for (const key in node) {
    if (key === '$ref' || key.startsWith('x-')) continue;
    report(
      context,
      'SPEC_REF_SIBLINGS',
      child(place, key),
      `"${key}" beside "$ref" is ignored in OpenAPI ${context.version}: move it into the referenced object, or drop it.`,
    );
  }
}

/** 2.0: the discriminator names a property the schema defines and requires. */
function checkSwaggerDiscriminator(
  context: RuleContext,
  schema: Record<string, unknown>,
  name: string,
  place: Place,
): void {
  const defined = isPlainObject(schema.properties) && Object.hasOwn(schema.properties, name);
  const required = Array.isArray(schema.required) && schema.required.includes(name);
  if (defined && required) return;
  report(
    context,
    'SPEC_DISCRIMINATOR_UNDEFINED',
    child(place, 'discriminator'),
    `Discriminator "${name}" must be a property the schema ${defined ? '' : 'defines in "properties" and '}lists in "required".`,
  );
}
