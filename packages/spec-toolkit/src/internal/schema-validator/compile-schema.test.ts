import { describe, expect, it } from 'vitest';
import { compileSchema } from './compile-schema.js';
import type { SchemaError } from './json-schema.js';

const explain = (schema: Parameters<typeof compileSchema>[0], value: unknown): SchemaError[] => {
  const compiled = compileSchema(schema);
  const errors: SchemaError[] = [];
  if (!compiled.test(value)) compiled.explain(value, [], errors);
  return errors;
};

describe('compileSchema', () => {
  it('agrees between the fast test and the explanation', () => {
    const schema = { type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 1 } } };
    expect(compileSchema(schema).test({ a: 2 })).toBe(true);
    expect(explain(schema, { a: 2 })).toEqual([]);
    expect(explain(schema, { a: 2.5 })).toEqual([expect.objectContaining({ path: '/a', keyword: 'type' })]);
    expect(explain(schema, {})).toEqual([
      expect.objectContaining({ path: '', keyword: 'required', property: 'a' }),
    ]);
  });

  it('closes objects with additionalProperties false, honouring patternProperties', () => {
    const schema = {
      type: 'object',
      properties: { a: {} },
      patternProperties: { '^x-': {} },
      additionalProperties: false,
    };
    expect(explain(schema, { a: 1, 'x-any': 2 })).toEqual([]);
    expect(explain(schema, { b: 1 })).toEqual([
      expect.objectContaining({ path: '/b', keyword: 'additionalProperties', property: 'b' }),
    ]);
  });

  it('follows recursive $refs lazily without looping', () => {
    const schema = {
      $ref: '#/definitions/node',
      definitions: {
        node: { type: 'object', properties: { next: { $ref: '#/definitions/node' }, v: { type: 'string' } } },
      },
    };
    expect(explain(schema, { next: { next: { v: 'x' } } })).toEqual([]);
    expect(explain(schema, { next: { next: { v: 1 } } })).toEqual([
      expect.objectContaining({ path: '/next/next/v' }),
    ]);
  });

  it('explains a failed oneOf by its Reference branch when the value has $ref', () => {
    const schema = {
      oneOf: [
        { type: 'object', properties: { type: { type: 'string' } }, additionalProperties: false },
        { type: 'object', required: ['$ref'], properties: { $ref: { type: 'string' } } },
      ],
    };
    expect(explain(schema, { $ref: 7 })).toEqual([
      expect.objectContaining({ path: '/$ref', keyword: 'type' }),
    ]);
    expect(explain(schema, { type: 7 })).toEqual([
      expect.objectContaining({ path: '/type', keyword: 'type' }),
    ]);
  });

  it('treats unevaluatedProperties false as closing over in-place applicators', () => {
    const schema = {
      $defs: { ext: { patternProperties: { '^x-': true } } },
      type: 'object',
      properties: { a: {} },
      $ref: '#/$defs/ext',
      unevaluatedProperties: false,
    };
    expect(explain(schema, { a: 1, 'x-b': 2 })).toEqual([]);
    expect(explain(schema, { c: 1 })).toEqual([
      expect.objectContaining({ path: '/c', keyword: 'additionalProperties' }),
    ]);
  });

  it('supports $dynamicRef to a $dynamicAnchor, enum, const, if/then and draft-04 exclusive bounds', () => {
    expect(
      explain({ $defs: { s: { $dynamicAnchor: 'meta', type: 'object' } }, $dynamicRef: '#meta' }, 1),
    ).toHaveLength(1);
    expect(explain({ enum: ['a', 'b'] }, 'c')[0]?.message).toBe('"c" is not one of "a", "b".');
    expect(explain({ const: 3 }, 3)).toEqual([]);
    const conditional = { if: { properties: { in: { const: 'path' } } }, then: { required: ['required'] } };
    expect(explain(conditional, { in: 'path' })).toEqual([
      expect.objectContaining({ keyword: 'required', property: 'required' }),
    ]);
    expect(explain(conditional, { in: 'query' })).toEqual([]);
    expect(explain({ minimum: 0, exclusiveMinimum: true }, 0)).toHaveLength(1);
    expect(explain({ minItems: 1, uniqueItems: true }, [1, 1])).toEqual([
      expect.objectContaining({ keyword: 'uniqueItems' }),
    ]);
  });
});
