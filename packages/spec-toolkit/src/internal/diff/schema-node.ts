import { isPlainObject, joinPointer } from '../json-pointer.js';
import type { ResolveRef } from './ref-resolver.js';

/** A schema as written at a place in a document, possibly a `$ref`. */
export interface SchemaSite {
  value: unknown;
  pointer: string;
}

/**
 * A schema flattened for comparison: `$ref` followed, `allOf` merged, `nullable` / `x-nullable`
 * / `type: [..., 'null']` folded into one flag, 2.0's `type: file` read as a binary string.
 */
export interface SchemaNode {
  /** Small per-side number naming this node in comparison keys. */
  id: number;
  /** Where the schema lives (the `$ref` target, not the referencing site). */
  pointer: string;
  /** True when a `$ref` could not be followed: such a node is never compared. */
  opaque: boolean;
  /** Allowed types without `null`; `null` means any type. */
  types: ReadonlySet<string> | null;
  nullable: boolean;
  format: string | undefined;
  /** Allowed values (`enum`, or 3.1 `const`), undefined when unrestricted. */
  values: readonly unknown[] | undefined;
  properties: Map<string, SchemaSite>;
  required: Set<string>;
  items: SchemaSite | undefined;
  additionalProperties: SchemaSite | undefined;
  readOnly: boolean;
  writeOnly: boolean;
  /** The name of a 2.0 form parameter read as a property; its pointer does not name it. */
  label: string | undefined;
  /** Numeric, length and size limits (`minimum`, `maxLength`, `maxItems`, …); 3.1 numeric exclusive bounds count as bounds. */
  limits: Partial<Record<LimitKeyword, number>>;
  pattern: string | undefined;
  /** How many `oneOf` / `anyOf` branches the schema offers (0 when none). */
  oneOf: number;
  anyOf: number;
  /** `discriminator.propertyName`, when there is one. */
  discriminator: string | undefined;
}

/** The limit keywords the diff compares. */
export const LIMIT_KEYWORDS = [
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;
export type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];

/** Reads and caches the schema nodes of one document. */
export interface SchemaReader {
  readNode(site: SchemaSite): SchemaNode;
  /** A node built by the caller (2.0 form parameters gathered into one object schema). */
  createObjectNode(pointer: string, properties: Map<string, SchemaSite>, required: Set<string>): SchemaNode;
}

/**
 * Creates a reader whose nodes are cached by the schema object they resolve to, so a shared
 * schema is read once. Keys are objects, not pointers: hashing long pointer strings for every
 * lookup dominated the time on large descriptions.
 *
 * @example
 * const reader = createSchemaReader(createRefResolver(doc));
 * reader.readNode({ value: { $ref: '#/components/schemas/Pet' }, pointer: '/x' }).pointer; // '/components/schemas/Pet'
 */
export function createSchemaReader(resolve: ResolveRef): SchemaReader {
  const byTarget = new Map<object, SchemaNode>();
  // Sites are read again for every pair they appear in; this skips re-following their `$ref`.
  const bySite = new Map<object, SchemaNode>();
  let nextId = 0;
  const blank = (pointer: string, opaque: boolean): SchemaNode => ({
    id: nextId++,
    pointer,
    opaque,
    types: null,
    nullable: false,
    format: undefined,
    values: undefined,
    properties: new Map(),
    required: new Set(),
    items: undefined,
    additionalProperties: undefined,
    readOnly: false,
    writeOnly: false,
    label: undefined,
    limits: {},
    pattern: undefined,
    oneOf: 0,
    anyOf: 0,
    discriminator: undefined,
  });
  return {
    readNode(site) {
      if (!isPlainObject(site.value)) return blank(site.pointer, true);
      const known = bySite.get(site.value);
      if (known) return known;
      const resolved = resolve(site.value, site.pointer);
      let node = resolved && isPlainObject(resolved.value) ? byTarget.get(resolved.value) : undefined;
      if (!node) {
        node = blank(resolved?.pointer ?? site.pointer, !resolved || !isPlainObject(resolved.value));
        if (resolved && isPlainObject(resolved.value)) {
          byTarget.set(resolved.value, node);
          mergeSchema(resolve, node, resolved.value, resolved.pointer);
        }
      }
      bySite.set(site.value, node);
      return node;
    },
    createObjectNode(pointer, properties, required) {
      const node = blank(pointer, false);
      node.types = new Set(['object']);
      node.properties = properties;
      node.required = required;
      return node;
    },
  };
}

/**
 * Folds a schema and its `allOf` members, depth first in document order, into `node`; earlier
 * facts win. A loop rather than recursion, since `allOf` may nest thousands deep, and members
 * are tracked by identity, so shared (YAML alias) members are merged once.
 */
function mergeSchema(
  resolve: ResolveRef,
  node: SchemaNode,
  root: Record<string, unknown>,
  pointer: string,
): void {
  const seen = new Set<object>([root]);
  const pending: { value: Record<string, unknown>; pointer: string }[] = [{ value: root, pointer }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: schema, pointer: at } = next;
    mergeOwnFacts(node, schema, at);
    if (!Array.isArray(schema.allOf)) continue;
    const base = joinPointer(at, 'allOf');
    // Pushed last to first, so the first member is merged next, before the later ones.
    for (let index = schema.allOf.length - 1; index >= 0; index -= 1) {
      const resolved = resolve(schema.allOf[index], joinPointer(base, index));
      if (!resolved || !isPlainObject(resolved.value) || seen.has(resolved.value)) continue;
      seen.add(resolved.value);
      pending.push({ value: resolved.value, pointer: resolved.pointer });
    }
  }
}

/** Folds the facts a schema states itself (not its `allOf` members) into `node`. */
function mergeOwnFacts(node: SchemaNode, schema: Record<string, unknown>, pointer: string): void {
  const declared = readTypes(schema);
  if (node.types === null && declared.types !== null) node.types = declared.types;
  if (declared.nullable) node.nullable = true;
  if (node.format === undefined) {
    if (typeof schema.format === 'string') node.format = schema.format;
    else if (schema.type === 'file') node.format = 'binary';
  }
  if (node.values === undefined) {
    if (Array.isArray(schema.enum)) node.values = schema.enum;
    else if (schema.const !== undefined) node.values = [schema.const];
  }
  if (isPlainObject(schema.properties)) {
    const base = joinPointer(pointer, 'properties');
    for (const [name, value] of Object.entries(schema.properties)) {
      if (!node.properties.has(name)) node.properties.set(name, { value, pointer: joinPointer(base, name) });
    }
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) if (typeof name === 'string') node.required.add(name);
  }
  if (node.items === undefined && isPlainObject(schema.items)) {
    node.items = { value: schema.items, pointer: joinPointer(pointer, 'items') };
  }
  if (node.additionalProperties === undefined && isPlainObject(schema.additionalProperties)) {
    node.additionalProperties = {
      value: schema.additionalProperties,
      pointer: joinPointer(pointer, 'additionalProperties'),
    };
  }
  if (typeof schema.in === 'string' && typeof schema.name === 'string') node.label ??= schema.name;
  mergeConstraints(node, schema);
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
}

/** Limits, pattern, branches and discriminator; earlier facts win, as for the other facts. */
function mergeConstraints(node: SchemaNode, schema: Record<string, unknown>): void {
  for (const keyword of LIMIT_KEYWORDS) {
    if (node.limits[keyword] === undefined && typeof schema[keyword] === 'number')
      node.limits[keyword] = schema[keyword];
  }
  // 3.1 states exclusive bounds as numbers; 3.0's booleans only qualify `minimum` / `maximum`.
  if (node.limits.minimum === undefined && typeof schema.exclusiveMinimum === 'number')
    node.limits.minimum = schema.exclusiveMinimum;
  if (node.limits.maximum === undefined && typeof schema.exclusiveMaximum === 'number')
    node.limits.maximum = schema.exclusiveMaximum;
  if (node.pattern === undefined && typeof schema.pattern === 'string') node.pattern = schema.pattern;
  if (node.oneOf === 0 && Array.isArray(schema.oneOf)) node.oneOf = schema.oneOf.length;
  if (node.anyOf === 0 && Array.isArray(schema.anyOf)) node.anyOf = schema.anyOf.length;
  if (
    node.discriminator === undefined &&
    isPlainObject(schema.discriminator) &&
    typeof schema.discriminator.propertyName === 'string'
  )
    node.discriminator = schema.discriminator.propertyName;
  // 2.0 names the discriminator property directly.
  if (node.discriminator === undefined && typeof schema.discriminator === 'string')
    node.discriminator = schema.discriminator;
}

/** The declared types without `null`, whether `null` is allowed, and structural inference when `type` is absent. */
function readTypes(schema: Record<string, unknown>): { types: Set<string> | null; nullable: boolean } {
  const nullable = schema.nullable === true || schema['x-nullable'] === true;
  const raw = schema.type;
  if (typeof raw === 'string' || Array.isArray(raw)) {
    const types = new Set<string>();
    let withNull = nullable;
    for (const type of Array.isArray(raw) ? raw : [raw]) {
      if (type === 'null') withNull = true;
      else if (type === 'file') types.add('string');
      else if (typeof type === 'string') types.add(type);
    }
    return { types, nullable: withNull };
  }
  // Writers often omit `type: object` next to `properties`; reading it in keeps such pairs equal.
  if (isPlainObject(schema.properties) || isPlainObject(schema.additionalProperties)) {
    return { types: new Set(['object']), nullable };
  }
  if (isPlainObject(schema.items)) return { types: new Set(['array']), nullable };
  return { types: null, nullable };
}
