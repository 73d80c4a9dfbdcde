import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasJsonType } from '../schema-validator/value-checks.js';
import { admitsType, typesOf } from './schema-types.js';

/** The definition `admitsType` implements without building the list. */
const byList = (value: unknown, type: unknown, nullable: boolean): boolean => {
  const types = typesOf(type, nullable);
  return types.length === 0 || types.some((t) => hasJsonType(value, t));
};

describe('admitsType', () => {
  it('answers as the list of types typesOf builds does', () => {
    expect(admitsType(1, 'string', false)).toBe(false);
    expect(admitsType(null, 'string', true)).toBe(true);
    expect(admitsType(null, [1, 2], true)).toBe(true);
    const typeName = fc.constantFrom(
      'string',
      'number',
      'integer',
      'boolean',
      'null',
      'array',
      'object',
      'nope',
    );
    const type = fc.oneof(
      typeName,
      fc.array(fc.oneof(typeName, fc.integer())),
      fc.integer(),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.jsonValue(), type, fc.boolean(), (value, declared, nullable) => {
        expect(admitsType(value, declared, nullable)).toBe(byList(value, declared, nullable));
      }),
      { numRuns: 3000 },
    );
  });
});
