import { describe, expect, it } from 'vitest';
import { sampleNumber, sampleString } from './sample-scalar.js';
import { sampleSchema } from './sample-schema.js';

const request = { direction: 'request' } as const;
const sample = (schema: unknown, doc: unknown = {}, options: Parameters<typeof sampleSchema>[2] = request) =>
  sampleSchema(doc, schema, options).value;

describe('sampleSchema explicit values', () => {
  it('prefers example, then examples[0], default, const and enum[0]', () => {
    const base = { type: 'string', enum: ['e'], const: 'c', default: 'd', examples: ['xs'], example: 'x' };
    expect(sample(base)).toBe('x');
    expect(sample({ ...base, example: undefined })).toBe('xs');
    expect(sample({ ...base, example: undefined, examples: undefined })).toBe('d');
    expect(sample({ type: 'string', enum: ['e'], const: 'c' })).toBe('c');
    expect(sample({ type: 'string', enum: ['e', 'f'] })).toBe('e');
  });

  it('uses an example written next to a $ref before following it', () => {
    const doc = { components: { schemas: { Id: { type: 'integer' } } } };
    expect(sample({ $ref: '#/components/schemas/Id', example: 7 }, doc)).toBe(7);
    expect(sample({ $ref: '#/components/schemas/Id' }, doc)).toBe(0);
  });
});

describe('sampleSchema synthesis', () => {
  it('writes format-aware strings', () => {
    const formats: Record<string, string> = {
      'date-time': '2024-01-01T00:00:00Z',
      date: '2024-01-01',
      uuid: '123e4567-e89b-42d3-a456-426614174000',
      email: 'user@example.com',
      uri: 'https://example.com',
      ipv4: '192.0.2.1',
      ipv6: '2001:db8::1',
      byte: 'c3RyaW5n',
    };
    for (const [format, value] of Object.entries(formats))
      expect(sample({ type: 'string', format })).toBe(value);
    expect(sample({ type: 'string' })).toBe('string');
  });

  it('respects string length bounds', () => {
    expect(sampleString({ minLength: 10 })).toBe('stringxxxx');
    expect(sampleString({ maxLength: 3 })).toBe('str');
    expect(sampleString({ format: 'date', maxLength: 4 })).toHaveLength(4);
  });

  it('respects numeric bounds, exclusive bounds and multipleOf', () => {
    expect(sampleNumber({}, true)).toBe(0);
    expect(sampleNumber({ minimum: 5 }, true)).toBe(5);
    expect(sampleNumber({ minimum: 5, exclusiveMinimum: true }, true)).toBe(6);
    expect(sampleNumber({ exclusiveMinimum: 5 }, true)).toBe(6);
    expect(sampleNumber({ maximum: -3 }, true)).toBe(-3);
    expect(sampleNumber({ exclusiveMaximum: -3 }, true)).toBe(-4);
    expect(sampleNumber({ minimum: 1.5 }, true)).toBe(2);
    expect(sampleNumber({ minimum: 7, multipleOf: 5 }, true)).toBe(10);
    expect(sampleNumber({ minimum: 0.1, multipleOf: 0.1 }, false)).toBe(0.1);
    expect(sampleNumber({ exclusiveMinimum: 0, exclusiveMaximum: 1 }, false)).toBe(0.5);
    expect(sampleNumber({ minimum: 1, maximum: 4, multipleOf: 3 }, true)).toBe(3);
  });

  it('merges allOf, takes the first non-null oneOf/anyOf branch and handles nullable and type lists', () => {
    const allOf = {
      allOf: [
        { type: 'object', properties: { a: { type: 'integer' } } },
        { properties: { b: { type: 'boolean' } } },
      ],
    };
    expect(sample(allOf)).toEqual({ a: 0, b: true });
    expect(
      sample({ oneOf: [{ type: 'null' }, { type: 'string', format: 'email' }, { type: 'integer' }] }),
    ).toBe('user@example.com');
    expect(sample({ anyOf: [{ type: 'integer', minimum: 3 }] })).toBe(3);
    expect(sample({ type: ['null', 'integer'] })).toBe(0);
    expect(sample({ type: 'string', nullable: true })).toBe('string');
    expect(sample({ type: 'null' })).toBe(null);
  });

  it('fills arrays within minItems/maxItems and the item cap', () => {
    expect(sample({ type: 'array', items: { type: 'integer' } })).toEqual([0]);
    expect(sample({ type: 'array', items: { type: 'string' }, minItems: 3 })).toEqual([
      'string',
      'string',
      'string',
    ]);
    expect(sample({ type: 'array', items: { type: 'string' }, maxItems: 0 })).toEqual([]);
    expect(
      sample(
        { type: 'array', items: { type: 'integer' }, minItems: 3 },
        {},
        { direction: 'request', maxArrayItems: 2 },
      ),
    ).toEqual([0, 0]);
    expect(
      sample({ type: 'array', uniqueItems: true, minItems: 2, items: { enum: ['a', 'b', 'c'] } }),
    ).toEqual(['a', 'b']);
    expect(sample({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] })).toEqual([
      'string',
      0,
    ]);
  });

  it('leaves out readOnly properties in requests and writeOnly ones in responses', () => {
    const doc = { components: { schemas: { Id: { type: 'integer', readOnly: true } } } };
    const schema = {
      type: 'object',
      properties: {
        id: { $ref: '#/components/schemas/Id' },
        password: { type: 'string', writeOnly: true },
        name: { type: 'string' },
      },
    };
    expect(sample(schema, doc)).toEqual({ password: 'string', name: 'string' });
    expect(sample(schema, doc, { direction: 'response' })).toEqual({ id: 0, name: 'string' });
  });

  it('samples additionalProperties maps', () => {
    expect(sample({ type: 'object', additionalProperties: { type: 'integer' } })).toEqual({
      additionalProp1: 0,
    });
  });
});

describe('sampleSchema recursion', () => {
  const doc = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['name', 'child', 'children', 'parent'],
          properties: {
            name: { type: 'string' },
            child: { $ref: '#/components/schemas/Node' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            parent: { allOf: [{ $ref: '#/components/schemas/Node' }], nullable: true },
            optional: { $ref: '#/components/schemas/Node' },
          },
        },
        Loop: { $ref: '#/components/schemas/Loop' },
        Deep: { type: 'object', properties: { next: { $ref: '#/components/schemas/Deeper' } } },
        Deeper: {
          type: 'object',
          required: ['value'],
          properties: { value: { type: 'object', properties: { x: { type: 'integer' } } } },
        },
      },
    },
  };

  it('cuts a self reference on re-entry but keeps required fields present', () => {
    const value = sample({ $ref: '#/components/schemas/Node' }, doc);
    expect(value).toEqual({ name: 'string', child: {}, children: [], parent: null });
  });

  it('stops a reference that points at itself without looping', () => {
    const result = sampleSchema(doc, { $ref: '#/components/schemas/Loop' }, request);
    expect(result.value).toBe(null);
    expect(result.unresolved).toEqual(['#/components/schemas/Loop']);
  });

  it('cuts deep nesting at maxDepth, keeping required members as empty stand-ins', () => {
    expect(sample({ $ref: '#/components/schemas/Deep' }, doc, { direction: 'request', maxDepth: 2 })).toEqual(
      {
        next: { value: {} },
      },
    );
    expect(sample({ $ref: '#/components/schemas/Deep' }, doc, { direction: 'request', maxDepth: 1 })).toEqual(
      {},
    );
  });

  it('reports a dangling $ref and stands null in for it', () => {
    const result = sampleSchema({}, { type: 'object', properties: { a: { $ref: '#/nowhere' } } }, request);
    expect(result.value).toEqual({ a: null });
    expect(result.unresolved).toEqual(['#/nowhere']);
  });

  it('stays within the call stack on 2,000 nested allOf levels', () => {
    let schema: unknown = { type: 'boolean' };
    for (let i = 0; i < 2000; i++) schema = { allOf: [schema] };
    expect(sample(schema)).toEqual({});
    expect(
      sample({ type: 'object', properties: { flag: { allOf: [{ allOf: [{ type: 'boolean' }] }] } } }),
    ).toEqual({ flag: true });
  });

  it('is deterministic', () => {
    const first = JSON.stringify(sample({ $ref: '#/components/schemas/Node' }, doc));
    expect(JSON.stringify(sample({ $ref: '#/components/schemas/Node' }, doc))).toBe(first);
  });
});
