import { describe, expect, it } from 'vitest';
import { countCodePoints, findValueError, type ValueCheckOptions } from './find-value-error.js';

const targets: Record<string, unknown> = { '#/text': { type: 'string' }, '#/any': {} };
const latest: ValueCheckOptions = { resolve: (ref) => targets[ref], nullable: false };
const legacy: ValueCheckOptions = { resolve: (ref) => targets[ref], nullable: true };

/** Each keyword alone beside annotations: a value it rejects (with the reason) and one it accepts. */
const KEYWORD_CASES: [string, Record<string, unknown>, unknown, string, unknown][] = [
  ['$ref', { $ref: '#/text' }, 1, 'must be string, not integer', 'a'],
  ['type', { type: 'integer' }, 1.5, 'must be integer, not number', 2],
  ['type list', { type: ['string', 'null'] }, 1, 'must be string or null, not integer', null],
  ['enum', { enum: ['a', 'b'] }, 'c', '"c" is not one of "a", "b"', 'b'],
  ['const', { const: 3 }, 4, 'must be 3', 3],
  ['required', { required: ['id'] }, {}, 'property "id" is required', { id: 1 }],
  [
    'properties',
    { properties: { id: { type: 'string' } } },
    { id: 1 },
    'must be string, not integer',
    { id: 'a' },
  ],
  [
    'patternProperties',
    { patternProperties: { '^n': { type: 'string' } } },
    { n1: 1 },
    'must be string, not integer',
    { m: 1 },
  ],
  ['additionalProperties', { additionalProperties: false }, { a: 1 }, 'property "a" is not allowed', {}],
  [
    'additionalProperties schema',
    { additionalProperties: { type: 'string' } },
    { a: 1 },
    'must be string, not integer',
    { a: 'x' },
  ],
  ['minProperties', { minProperties: 1 }, {}, 'must have at least 1 properties', { a: 1 }],
  ['maxProperties', { maxProperties: 0 }, { a: 1 }, 'must have at most 0 properties', {}],
  ['items', { items: { type: 'string' } }, [1], 'must be string, not integer', ['a']],
  ['items tuple', { items: [{ type: 'string' }] }, [1], 'must be string, not integer', ['a', 1]],
  ['additionalItems', { items: [{}], additionalItems: false }, [1, 2], 'no value is allowed here', [1]],
  ['prefixItems', { prefixItems: [{ type: 'string' }] }, [1], 'must be string, not integer', ['a', 1]],
  ['minItems', { minItems: 1 }, [], 'must have at least 1 items', [1]],
  ['maxItems', { maxItems: 0 }, [1], 'must have at most 0 items', []],
  ['uniqueItems', { uniqueItems: true }, [{ a: 1 }, { a: 1 }], 'items must be unique', [{ a: 1 }, { a: 2 }]],
  ['minLength', { minLength: 2 }, 'a', 'must be at least 2 characters long', 'ab'],
  ['maxLength', { maxLength: 1 }, 'ab', 'must be at most 1 characters long', 'a'],
  ['pattern', { pattern: '^a' }, 'b', '"b" does not match the pattern ^a', 'a'],
  ['format', { format: 'email' }, 'nobody', '"nobody" is not a valid email', 'a@b'],
  ['minimum', { minimum: 1 }, 0, 'must be at least 1', 1],
  ['maximum', { maximum: 1 }, 2, 'must be at most 1', 1],
  ['exclusiveMinimum', { exclusiveMinimum: 1 }, 1, 'must be greater than 1', 2],
  ['exclusiveMaximum', { exclusiveMaximum: 1 }, 1, 'must be less than 1', 0],
  ['multipleOf', { multipleOf: 2 }, 3, 'must be a multiple of 2', 4],
  ['allOf', { allOf: [{ type: 'string' }] }, 1, 'must be string, not integer', 'a'],
  [
    'anyOf',
    { anyOf: [{ type: 'string' }] },
    1,
    'matches none of "anyOf" (first: must be string, not integer)',
    'a',
  ],
  ['oneOf', { oneOf: [{}, {}] }, 1, 'matches 2 branches of "oneOf", where exactly one must match', undefined],
  ['not', { not: { type: 'string' } }, 'a', 'must not match "not"', 1],
  ['if', { if: { type: 'string' }, then: { minLength: 2 } }, 'a', 'must be at least 2 characters long', 1],
  ['else', { if: { type: 'string' }, else: { minimum: 2 } }, 1, 'must be at least 2', 'a'],
];

describe('example values against their schemas', () => {
  it.each(KEYWORD_CASES)('hold a value to "%s" beside annotations', (_name, keyword, bad, message, good) => {
    // Annotations and unknown keys around the keyword: none of them may hide it or stand in for it.
    const schema = {
      description: 'd',
      example: 'e',
      'x-type': 'string',
      Type: 'string',
      ...keyword,
      title: 't',
    };
    expect(findValueError(bad, schema, latest)?.message).toBe(message);
    if (good !== undefined) expect(findValueError(good, schema, latest)).toBeNull();
  });

  it('accept anything under a schema of annotations and unknown keys only', () => {
    const schema = { description: 'd', title: 't', example: 1, types: 'string', 'x-min': 3, format: 'date' };
    for (const value of [null, 1, 'a', [1], { a: 1 }, true])
      expect(findValueError(value, schema, latest)).toBeNull();
  });

  it('admit null where a 3.0 schema is nullable, and only there', () => {
    const schema = { type: 'string', nullable: true, enum: ['a'] };
    expect(findValueError(null, schema, legacy)).toBeNull();
    expect(findValueError(null, { type: 'string', enum: ['a'] }, legacy)?.message).toBe(
      'must be string, not null',
    );
    expect(findValueError(null, schema, latest)?.message).toBe('must be string, not null');
  });

  it('read a reference alone in 3.0 and with its siblings in 3.1', () => {
    const schema = { $ref: '#/any', type: 'integer' };
    expect(findValueError('a', schema, legacy)).toBeNull();
    expect(findValueError('a', schema, latest)?.message).toBe('must be integer, not string');
  });

  it('place an error inside the value', () => {
    const schema = { properties: { list: { items: { required: ['id'] } } } };
    expect(findValueError({ list: [{ id: 1 }, {}] }, schema, latest)).toEqual({
      path: '/list/1',
      message: 'property "id" is required',
    });
  });

  it('treat keys Object.prototype has as ordinary names', () => {
    const closed = { properties: { id: {} }, additionalProperties: false };
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const value = JSON.parse(`{"${key}": 1}`);
      expect(findValueError(value, closed, latest)?.message).toBe(`property "${key}" is not allowed`);
      const named = JSON.parse(
        `{"properties": {"${key}": {"type": "string"}}, "additionalProperties": false}`,
      );
      expect(findValueError(value, named, latest)?.message).toBe('must be string, not integer');
    }
  });

  it('count characters as code points, a lone surrogate as one', () => {
    const alphabet = ['a', 'é', '😀', '\ud83d', '\ude00', '\udc00\ud800'];
    let texts = [''];
    for (let length = 0; length < 3; length++)
      texts = [...texts, ...texts.flatMap((text) => alphabet.map((letter) => text + letter))];
    for (const text of new Set(texts))
      expect([text, countCodePoints(text)]).toEqual([text, [...text].length]);
    expect(findValueError('😀😀', { maxLength: 2 }, latest)).toBeNull();
    expect(findValueError('😀😀😀', { maxLength: 2 }, latest)?.message).toBe(
      'must be at most 2 characters long',
    );
  });
});
