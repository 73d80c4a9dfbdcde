import { afterAll, describe, expect, it } from 'vitest';
import { isCapabilityError } from '../errors/capability-error.js';
import { FUNCTION_SCHEMA_BOUNDS } from './schema-bounds.js';
import { createUserSchemas } from './user-schemas.js';

/** 150 properties, each an `anyOf` of three: far more than a millisecond for Ajv to compile. */
function heavySchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < 150; index++) {
    properties[`p${index}`] = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] };
  }
  return { type: 'object', properties };
}

async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('user-supplied schemas on the schema thread', () => {
  const schemas = createUserSchemas();
  afterAll(() => schemas.close());

  it('compiles a schema once per content, whatever object carries it', async () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } };
    const before = schemas.stats();
    expect(await schemas.check(schema, FUNCTION_SCHEMA_BOUNDS)).toEqual([]);
    expect(await schemas.check(structuredClone(schema), FUNCTION_SCHEMA_BOUNDS)).toEqual([]);
    await schemas.validatorFor('demo.n', structuredClone(schema))({ n: 1 });
    expect(schemas.stats()).toEqual({
      compiled: before.compiled + 1,
      cachedVerdicts: before.cachedVerdicts + 1,
    });
  });

  it('checks arguments like the registry: no coercion, defaults filled in, a pointer per problem', async () => {
    const validate = schemas.validatorFor('demo.defaults', {
      type: 'object',
      properties: { n: { type: 'number', default: 3 }, s: { type: 'string' } },
    });
    expect(await validate({})).toEqual({ n: 3 });
    expect(await validate(undefined)).toEqual({ n: 3 });
    const error = await caught(() => validate({ n: '2', s: 5 }));
    expect(isCapabilityError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'CAP_INVALID_ARGS',
      details: {
        issues: [
          { path: '/n', message: 'must be number' },
          { path: '/s', message: 'must be string' },
        ],
      },
    });
  });

  it('matches patterns in linear time: a catastrophic pattern over 100 000 characters answers at once', async () => {
    const validate = schemas.validatorFor('demo.redos', {
      type: 'object',
      properties: { s: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(x+x+)+y$': { type: 'string' } },
    });
    const error = await caught(() => validate({ s: `${'a'.repeat(100_000)}!`, [`${'x'.repeat(5000)}z`]: 1 }));
    expect(error).toMatchObject({
      code: 'CAP_INVALID_ARGS',
      details: { issues: [{ path: '/s', message: 'must match pattern "^(a+)+$"' }] },
    });
    expect(await validate({ s: 'aaa', xxy: 'yes' })).toEqual({ s: 'aaa', xxy: 'yes' });
  });

  it('names what RE2 cannot express, where it is written', async () => {
    const issues = await schemas.check(
      {
        type: 'object',
        properties: { s: { type: 'string', pattern: '(?<=a)b' }, d: { enum: [{ pattern: '(?=x)' }] } },
        items: [{ pattern: '(a)\\1' }],
      },
      FUNCTION_SCHEMA_BOUNDS,
    );
    expect(issues).toEqual([
      {
        path: '/properties/s/pattern',
        message:
          'pattern "(?<=a)b" uses lookbehind, which linear-time matching (RE2 syntax) does not support',
      },
      {
        path: '/items/0/pattern',
        message:
          'pattern "(a)\\\\1" uses backreferences, which linear-time matching (RE2 syntax) does not support',
      },
    ]);
    const invalid = await schemas.check({ type: 'object', required: 'x' }, FUNCTION_SCHEMA_BOUNDS);
    expect(invalid[0]?.message).toMatch(/^is not a valid JSON Schema: /);
  });

  it('refuses a schema that takes longer than its compile deadline and remembers it', async () => {
    const hurried = createUserSchemas({ compileDeadlineMs: 1 });
    try {
      const issues = await hurried.check(heavySchema(), FUNCTION_SCHEMA_BOUNDS);
      expect(issues).toEqual([{ path: '', message: 'takes longer than 1 ms to compile; simplify it.' }]);
      expect(await hurried.check(heavySchema(), FUNCTION_SCHEMA_BOUNDS)).toEqual(issues);
      expect(hurried.stats()).toEqual({ compiled: 0, cachedVerdicts: 1 });
    } finally {
      await hurried.close();
    }
  });
});
