import { describe, expect, it } from 'vitest';
import { inferSchema } from './infer-schema.js';

const infer30 = (sample: unknown) => inferSchema(sample, '3.0', '/body').schema;
const infer31 = (sample: unknown) => inferSchema(sample, '3.1', '/body').schema;

describe('inferring a schema from a sample', () => {
  it('lists object properties with their types and requires every present key', () => {
    expect(infer30({ name: 'Rex', age: 3, weight: 4.5, good: true })).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'integer' },
        weight: { type: 'number' },
        good: { type: 'boolean' },
      },
      required: ['name', 'age', 'weight', 'good'],
    });
  });

  it('leaves out undefined members, as JSON text would', () => {
    expect(infer30({ a: 1, b: undefined })).toEqual({
      type: 'object',
      properties: { a: { type: 'integer' } },
      required: ['a'],
    });
  });

  it('reads an undefined array element as null, as JSON text would write it', () => {
    const result = inferSchema([1, undefined], '3.0', '');
    expect(result.schema).toEqual({ type: 'array', items: { type: 'integer', nullable: true } });
    expect(result.isJson).toBe(false);
  });

  it('writes an empty object without a required list', () => {
    expect(infer30({})).toEqual({ type: 'object', properties: {} });
  });

  it('merges every array element into items and requires only keys present in all', () => {
    expect(infer30([{ id: 1, note: 'x' }, { id: 2.5 }])).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'number' }, note: { type: 'string' } },
        required: ['id'],
      },
    });
  });

  it('gives an empty array open items', () => {
    expect(infer30([])).toEqual({ type: 'array', items: {} });
  });

  it('describes mixed element types with anyOf', () => {
    expect(infer30([1, 'a', true])).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] },
    });
  });

  it('spells null as nullable in 3.0 and as a null type in 3.1', () => {
    expect(infer30({ a: null })).toEqual({
      type: 'object',
      properties: { a: { nullable: true } },
      required: ['a'],
    });
    expect(infer31({ a: null })).toEqual({
      type: 'object',
      properties: { a: { type: 'null' } },
      required: ['a'],
    });
    expect(infer30(['x', null])).toEqual({ type: 'array', items: { type: 'string', nullable: true } });
    expect(infer31(['x', null])).toEqual({ type: 'array', items: { type: ['string', 'null'] } });
  });

  it('makes every anyOf member nullable in 3.0 and adds a null member in 3.1', () => {
    expect(infer30([1, 'a', null])).toEqual({
      type: 'array',
      items: {
        anyOf: [
          { type: 'string', nullable: true },
          { type: 'integer', nullable: true },
        ],
      },
    });
    expect(infer31([1, 'a', null])).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    });
  });

  it('keeps a string format only when every sample agrees', () => {
    expect(infer30(['2020-01-01', '2021-02-03'])).toEqual({
      type: 'array',
      items: { type: 'string', format: 'date' },
    });
    expect(infer30(['2020-01-01', 'a@b.io'])).toEqual({ type: 'array', items: { type: 'string' } });
    expect(infer30(['2020-01-01', 'plain'])).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('merges nested arrays and objects across elements', () => {
    expect(infer30([{ tags: ['a'] }, { tags: [] }, { tags: [7] }])).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } },
        required: ['tags'],
      },
    });
  });

  it('marks plain JSON samples as usable examples and others not', () => {
    expect(inferSchema({ a: [1, { b: null }] }, '3.0', '').isJson).toBe(true);
    expect(inferSchema({ when: new Date(0) }, '3.0', '').isJson).toBe(false);
    expect(inferSchema({ big: 10n }, '3.0', '').schema).toEqual({
      type: 'object',
      properties: { big: { type: 'integer' } },
      required: ['big'],
    });
  });

  it('reports a sample that refers back to itself instead of recursing forever', () => {
    const loop: Record<string, unknown> = { name: 'x' };
    loop.self = loop;
    const result = inferSchema(loop, '3.0', '/endpoints/0/body');
    expect(result.isJson).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_BUILD_BAD_SAMPLE', path: '/endpoints/0/body/self' }),
    ]);
    expect(result.schema).toMatchObject({ properties: { name: { type: 'string' }, self: {} } });
  });

  it('reports functions as non-JSON values and cuts off very deep nesting', () => {
    expect(inferSchema({ f: () => 1 }, '3.0', '').errors[0]?.path).toBe('/f');
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const result = inferSchema(deep, '3.0', '');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe('SPEC_BUILD_BAD_SAMPLE');
  });
});
