import type { SampleShape } from './sample-shape.js';

/** The OpenAPI version a schema is written for: it decides how `null` is spelled. */
export type SchemaDialect = '3.0' | '3.1';

type Kind = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
const KIND_ORDER: readonly Kind[] = ['object', 'array', 'string', 'integer', 'number', 'boolean'];

/**
 * Writes a merged sample shape as a JSON schema for the dialect.
 *
 * @example
 * toSchema({ nullable: true, string: { format: 'date' } }, '3.1'); // { type: ['string', 'null'], format: 'date' }
 */
export function toSchema(shape: SampleShape, dialect: SchemaDialect): Record<string, unknown> {
  const kinds = KIND_ORDER.filter(
    (kind) => shape[kind] !== undefined && !(kind === 'integer' && shape.number),
  );
  if (kinds.length === 0) {
    if (!shape.nullable) return {};
    return dialect === '3.1' ? { type: 'null' } : { nullable: true };
  }
  const members = kinds.map((kind) => toKindSchema(shape, kind, dialect));
  if (members.length === 1) {
    const only = members[0] as Record<string, unknown>;
    return shape.nullable ? withNull(only, dialect) : only;
  }
  if (!shape.nullable) return { anyOf: members };
  return dialect === '3.1'
    ? { anyOf: [...members, { type: 'null' }] }
    : { anyOf: members.map((member) => ({ ...member, nullable: true })) };
}

function withNull(schema: Record<string, unknown>, dialect: SchemaDialect): Record<string, unknown> {
  if (dialect === '3.0') return { ...schema, nullable: true };
  return { ...schema, type: [schema.type, 'null'] };
}

function toKindSchema(shape: SampleShape, kind: Kind, dialect: SchemaDialect): Record<string, unknown> {
  switch (kind) {
    case 'object': {
      const object = shape.object as NonNullable<SampleShape['object']>;
      const keys = [...object.properties.keys()];
      const properties: Record<string, unknown> = {};
      for (const key of keys) {
        properties[key] = toSchema((object.properties.get(key) as { shape: SampleShape }).shape, dialect);
      }
      const required = keys.filter((key) => object.properties.get(key)?.count === object.count);
      const schema: Record<string, unknown> = { type: 'object', properties };
      if (required.length > 0) schema.required = required;
      return schema;
    }
    case 'array': {
      const items = shape.array?.items;
      return { type: 'array', items: items ? toSchema(items, dialect) : {} };
    }
    case 'string': {
      const format = shape.string?.format;
      return format ? { type: 'string', format } : { type: 'string' };
    }
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: kind };
  }
}
