import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpecVersion } from '../../types.js';
import { OPENAPI_20_SCHEMA } from '../schemas/openapi-2.0.schema.generated.js';
import { OPENAPI_30_SCHEMA } from '../schemas/openapi-3.0.schema.generated.js';
import { OPENAPI_31_SCHEMA } from '../schemas/openapi-3.1.schema.generated.js';
import { OPENAPI_32_SCHEMA } from '../schemas/openapi-3.2.schema.generated.js';
import { compileSchema } from './compile-schema.js';
import type { JsonSchema } from './json-schema.js';

// The generated `test` must accept exactly what the closures accept: the closures are the
// reference (and what `explain` runs on), the generated code only the fast path.
const both = (schema: JsonSchema) => ({
  generated: compileSchema(schema),
  closures: compileSchema(schema, { generate: false }),
});

describe('generated schema tests, keyword by keyword', () => {
  const cases: { name: string; schema: JsonSchema; values: unknown[] }[] = [
    { name: 'one type', schema: { type: 'integer' }, values: [1, 1.5, '1', null, Number.NaN] },
    { name: 'type lists', schema: { type: ['string', 'null'] }, values: ['a', null, 0, [], {}] },
    { name: 'no types', schema: { type: [] }, values: [1, 'a'] },
    { name: 'unknown type name', schema: { type: 'decimal' }, values: [1, 'a'] },
    { name: 'number is finite', schema: { type: 'number' }, values: [1, Number.POSITIVE_INFINITY, '1'] },
    {
      name: 'enum of primitives',
      schema: { enum: ['a', 1, null, true] },
      values: ['a', 1, null, true, 'b', 2],
    },
    {
      name: 'long enum',
      schema: { enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] },
      values: ['a', 'j', 'k', 1],
    },
    {
      name: 'enum of objects',
      schema: { enum: [{ a: 1 }, [1, 2]] },
      values: [{ a: 1 }, { a: 2 }, [1, 2], [2, 1]],
    },
    { name: 'typed enum', schema: { type: 'string', enum: ['x', 'y'] }, values: ['x', 'z', 1] },
    { name: 'const', schema: { const: 'v' }, values: ['v', 'w'] },
    {
      name: 'const object',
      schema: { const: { a: [1] } },
      values: [{ a: [1] }, { a: [2] }, { a: [1], b: 1 }],
    },
    { name: 'const null', schema: { const: null }, values: [null, 0, undefined] },
    { name: 'pattern', schema: { pattern: '^a.c$' }, values: ['abc', 'abd', 5] },
    { name: 'prefix pattern', schema: { pattern: '^x-' }, values: ['x-a', 'y-a'] },
    { name: 'non-unicode pattern', schema: { pattern: '^[\\w\\-]+$' }, values: ['a-b', 'a b'] },
    {
      name: 'formats',
      schema: { anyOf: [{ format: 'uri' }, { format: 'email', type: 'string' }] },
      values: ['https://a', 'a@b', 'nope', 3],
    },
    { name: 'regex format', schema: { format: 'regex' }, values: ['^a+$', '(', 1] },
    { name: 'unknown format', schema: { format: 'uuid' }, values: ['x'] },
    { name: 'string lengths', schema: { minLength: 2, maxLength: 3 }, values: ['a', 'ab', 'abcd', 7] },
    {
      name: 'draft-04 bounds',
      schema: { minimum: 1, exclusiveMinimum: true, maximum: 3, exclusiveMaximum: true },
      values: [1, 2, 3, 'x'],
    },
    { name: 'inclusive bounds', schema: { minimum: 1, maximum: 3 }, values: [0.5, 1, 3, 3.5] },
    { name: '2020 bounds', schema: { exclusiveMinimum: 0, exclusiveMaximum: 2 }, values: [0, 1, 2] },
    { name: 'required', schema: { required: ['a', 'b'] }, values: [{ a: 1, b: 2 }, { a: 1 }, [], 'a'] },
    {
      name: 'inherited names are not own',
      schema: { required: ['toString', '__proto__'] },
      values: [{}, JSON.parse('{"toString":1,"__proto__":2}')],
    },
    {
      name: 'property counts',
      schema: { minProperties: 1, maxProperties: 2 },
      values: [{}, { a: 1 }, { a: 1, b: 2, c: 3 }, []],
    },
    {
      name: 'properties, patterns and additionalProperties false',
      schema: {
        properties: { a: { type: 'string' }, 'x-n': { type: 'number' } },
        patternProperties: { '^x-': { type: 'number' }, '^b': { minimum: 2 } },
        additionalProperties: false,
      },
      values: [
        { a: 's' },
        { a: 1 },
        { 'x-n': 1 },
        { 'x-n': 's' },
        { b: 1 },
        { b: 2 },
        { bb: 3, a: 's' },
        { c: 1 },
      ],
    },
    {
      name: 'a named key that matches a pattern meets both',
      schema: { properties: { 'x-a': { type: 'number' } }, patternProperties: { '^x-': { minimum: 5 } } },
      values: [{ 'x-a': 6 }, { 'x-a': 1 }, { 'x-b': 1 }],
    },
    {
      name: 'many named properties, told apart by length first',
      schema: {
        properties: {
          type: { type: 'string' },
          enum: { type: 'array' },
          title: { type: 'string' },
          items: { type: 'object' },
          format: {},
          description: { type: 'string' },
        },
        patternProperties: { '^x-': {} },
        additionalProperties: false,
      },
      values: [
        { type: 's', enum: [], title: 't', items: {}, format: 1, description: 'd', 'x-a': 1 },
        { type: 1 },
        { enum: 'no' },
        { tipe: 's' },
        { items: [] },
        { descriptioN: 'd' },
        { 'x-': 1, format: null },
        {},
        { toString: 1 },
      ],
    },
    {
      name: 'property counts counted by the member loop, index-like keys too',
      schema: {
        properties: { default: { type: 'object' } },
        patternProperties: { '^[1-5]\\d\\d$': { type: 'object' } },
        additionalProperties: false,
        minProperties: 1,
        maxProperties: 2,
      },
      values: [
        {},
        { 200: {} },
        { 200: 1 },
        { 600: {} },
        { default: {} },
        { 200: {}, 404: {} },
        { 200: {}, 404: {}, default: {} },
        [],
        'x',
      ],
    },
    {
      name: 'literal patterns: whole keys and escaped prefixes',
      schema: {
        patternProperties: { '^\\$ref$': { type: 'string' }, '^\\/': { type: 'object' }, '^a\\$': {} },
        additionalProperties: false,
      },
      values: [{ $ref: '#' }, { $ref: 1 }, { $refs: '#' }, { '/a': {} }, { '/': 1 }, { a$b: 1 }, { a: 1 }],
    },
    {
      name: 'oneOf of a Reference and closed objects without $ref',
      schema: {
        definitions: {
          Reference: {
            type: 'object',
            required: ['$ref'],
            patternProperties: { '^\\$ref$': { type: 'string' } },
          },
          Thing: { type: 'object', properties: { a: {} }, additionalProperties: false },
          Open: { properties: { a: { type: 'string' } } },
        },
        oneOf: [{ $ref: '#/definitions/Thing' }, { $ref: '#/definitions/Reference' }, { type: 'array' }],
      },
      values: [{ a: 1 }, { $ref: '#/x' }, { $ref: 1 }, { $ref: '#', a: 1 }, {}, [], 3],
    },
    {
      name: 'a closed branch that names $ref still runs on a reference',
      schema: {
        oneOf: [
          { type: 'object', properties: { $ref: {} }, additionalProperties: false },
          { type: 'object', required: ['$ref'] },
        ],
      },
      values: [{ $ref: '#/x' }, {}, { a: 1 }],
    },
    {
      name: 'a closed branch whose pattern matches $ref still runs on a reference',
      schema: {
        anyOf: [
          { patternProperties: { '^\\$': { type: 'number' } }, additionalProperties: false },
          { required: ['$ref'], properties: { $ref: { type: 'string' } } },
        ],
      },
      values: [{ $ref: 1 }, { $ref: 'x' }, { $ref: null }, {}, 'x'],
    },
    {
      name: 'additionalProperties schema',
      schema: { properties: { a: {} }, additionalProperties: { type: 'boolean' } },
      values: [
        { a: 1, b: true },
        { a: 1, b: 1 },
      ],
    },
    {
      name: 'unevaluatedProperties false through allOf and $ref',
      schema: {
        $defs: { base: { properties: { b: {} }, patternProperties: { '^y': {} } } },
        properties: { a: {} },
        allOf: [{ $ref: '#/$defs/base' }],
        unevaluatedProperties: false,
      },
      values: [{ a: 1, b: 2, yes: 3 }, { c: 1 }],
    },
    {
      name: 'propertyNames',
      schema: { propertyNames: { pattern: '^[a-z]+$' } },
      values: [{ ab: 1 }, { Ab: 1 }],
    },
    {
      name: 'dependentSchemas',
      schema: { dependentSchemas: { a: { required: ['b'] } } },
      values: [{ a: 1, b: 1 }, { a: 1 }, { b: 1 }],
    },
    { name: 'items', schema: { items: { type: 'string' } }, values: [['a'], ['a', 1], [], 'x'] },
    {
      name: 'tuples and additionalItems',
      schema: { items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
      values: [['a', 1], ['a'], ['a', 'b'], ['a', 1, 2], []],
    },
    { name: 'item counts', schema: { minItems: 1, maxItems: 2 }, values: [[], [1], [1, 2, 3]] },
    {
      name: 'uniqueItems',
      schema: { uniqueItems: true },
      values: [
        [1, 2],
        [1, 1],
        [{ a: 1 }, { a: 1 }],
        [{ a: 1 }, { a: 2 }],
      ],
    },
    { name: 'allOf', schema: { allOf: [{ type: 'number' }, { minimum: 2 }] }, values: [1, 2, 'a'] },
    { name: 'anyOf', schema: { anyOf: [{ type: 'number' }, { type: 'string' }] }, values: [1, 'a', null] },
    { name: 'empty anyOf', schema: { anyOf: [] }, values: [1] },
    {
      name: 'oneOf with a Reference branch',
      schema: {
        definitions: { Reference: { type: 'object', required: ['$ref'] }, Thing: { type: 'object' } },
        oneOf: [{ $ref: '#/definitions/Thing' }, { $ref: '#/definitions/Reference' }],
      },
      values: [{ a: 1 }, { $ref: '#/x' }, 3],
    },
    { name: 'oneOf exactly one', schema: { oneOf: [{ minimum: 1 }, { maximum: 5 }] }, values: [0, 3, 9] },
    { name: 'not', schema: { not: { type: 'string' } }, values: ['a', 1] },
    { name: 'not anything', schema: { not: {} }, values: ['a', 1] },
    {
      name: 'if then else',
      schema: { if: { type: 'string' }, then: { minLength: 2 }, else: { type: 'number' } },
      values: ['a', 'ab', 1, null],
    },
    { name: 'if alone', schema: { if: { type: 'string' } }, values: [1] },
    {
      name: 'boolean schemas',
      schema: { properties: { a: false, b: true } },
      values: [{ a: 1 }, { b: 1 }, {}],
    },
    {
      name: 'recursive $ref',
      schema: {
        $ref: '#/definitions/node',
        definitions: {
          node: {
            type: 'object',
            properties: { next: { $ref: '#/definitions/node' }, v: { type: 'string' } },
          },
        },
      },
      values: [{ next: { next: { v: 'a' } } }, { next: { next: { v: 1 } } }],
    },
    {
      name: '$dynamicRef',
      schema: {
        $defs: {
          meta: { $dynamicAnchor: 'meta', type: 'object', properties: { n: { $dynamicRef: '#meta' } } },
        },
        $ref: '#/$defs/meta',
      },
      values: [{ n: {} }, { n: 1 }],
    },
  ];

  it.each(cases)('$name', ({ schema, values }) => {
    const { generated, closures } = both(schema);
    const verdicts = values.map((value) => generated.test(value));
    expect(verdicts).toEqual(values.map((value) => closures.test(value)));
  });

  it('run out of stack, as the closures do, on a $ref that names itself', () => {
    const { generated, closures } = both({
      definitions: { a: { $ref: '#/definitions/a' } },
      $ref: '#/definitions/a',
    });
    expect(() => closures.test(1)).toThrow(RangeError);
    expect(() => generated.test(1)).toThrow(RangeError);
  });

  it('really generates code, and rejects what it should', () => {
    const { generated, closures } = both({ type: 'object', required: ['a'] });
    expect(generated.test).not.toBe(closures.test);
    expect([generated.test({ a: 1 }), generated.test({})]).toEqual([true, false]);
  });
});

describe('generated schema tests in a web page', () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('are not attempted, so a Content-Security-Policy has nothing to report', () => {
    const original = globalThis.Function;
    let attempts = 0;
    (globalThis as { document?: unknown }).document = {};
    globalThis.Function = function counted(...args: string[]) {
      attempts++;
      return original(...args);
    } as unknown as FunctionConstructor;
    try {
      const compiled = compileSchema({ type: 'object', required: ['a'] });
      expect([compiled.test({ a: 1 }), compiled.test({})]).toEqual([true, false]);
    } finally {
      globalThis.Function = original;
    }
    expect(attempts).toBe(0);
  });
});

describe('generated schema tests without new Function', () => {
  const original = globalThis.Function;
  afterEach(() => {
    globalThis.Function = original;
  });

  it('fall back to the closures where the runtime forbids generating code', () => {
    globalThis.Function = function forbidden() {
      throw new EvalError('Code generation from strings disallowed for this context');
    } as unknown as FunctionConstructor;
    const compiled = compileSchema({ type: 'object', required: ['a'] });
    globalThis.Function = original;
    expect([compiled.test({ a: 1 }), compiled.test({})]).toEqual([true, false]);
    const errors: unknown[] = [];
    compiled.explain({}, [], errors as never);
    expect(errors).toEqual([expect.objectContaining({ keyword: 'required', property: 'a' })]);
  });
});

// Real descriptions, then the same mutated: a key dropped, a value replaced by another type, an
// unknown key added, at nodes picked by fast-check. Both validators must give the same verdict.
const require = createRequire(import.meta.url);
const examplesRoot = dirname(require.resolve('@readme/oas-examples/package.json'));
const SCHEMAS: Record<SpecVersion, JsonSchema> = {
  '2.0': OPENAPI_20_SCHEMA,
  '3.0': OPENAPI_30_SCHEMA,
  '3.1': OPENAPI_31_SCHEMA,
  '3.2': OPENAPI_32_SCHEMA,
};
const fixture32 = join(dirname(require.resolve('../../../package.json')), 'test', 'fixtures', 'openapi-3.2');
const documents: { version: SpecVersion; name: string; doc: unknown }[] = [
  ...(['2.0', '3.0', '3.1'] as const).flatMap((version) =>
    readdirSync(join(examplesRoot, version, 'json'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({
        version,
        name,
        doc: JSON.parse(readFileSync(join(examplesRoot, version, 'json', name), 'utf8')) as unknown,
      })),
  ),
  ...readdirSync(fixture32).map((name) => ({
    version: '3.2' as const,
    name,
    doc: load(readFileSync(join(fixture32, name), 'utf8')),
  })),
];

const isContainer = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function containers(value: unknown, into: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (!isContainer(value)) return into;
  into.push(value);
  for (const key of Object.keys(value)) containers(value[key], into);
  return into;
}

describe('generated schema tests on real descriptions', () => {
  const compiled = new Map(
    (Object.keys(SCHEMAS) as SpecVersion[]).map((version) => [version, both(SCHEMAS[version])]),
  );

  it('cover every version', () => {
    for (const version of Object.keys(SCHEMAS)) {
      expect(documents.filter((entry) => entry.version === version).length).toBeGreaterThan(0);
    }
  });

  it.each(documents)('agree on $version $name', ({ version, doc }) => {
    const { generated, closures } = compiled.get(version) as ReturnType<typeof both>;
    expect(generated.test(doc)).toBe(closures.test(doc));
  });

  it('agree on mutated descriptions, accepting some and rejecting others', () => {
    const verdicts = new Set<boolean>();
    const replacement = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.string(),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.constant({ $ref: '#/components/schemas/x' }),
      fc.constant([{ name: 'a', in: 'query' }]),
    );
    fc.assert(
      fc.property(
        fc.nat(documents.length - 1),
        fc.nat(),
        fc.oneof(
          fc.record({ kind: fc.constant('delete' as const) }),
          fc.record({ kind: fc.constant('replace' as const), value: replacement }),
          fc.record({
            kind: fc.constant('add' as const),
            key: fc.constantFrom('x-extra', 'extra', '$ref', 'type', 'required'),
            value: replacement,
          }),
        ),
        (documentIndex, nodeIndex, change) => {
          const entry = documents[documentIndex] as (typeof documents)[number];
          const doc = structuredClone(entry.doc);
          const nodes = containers(doc);
          const node = nodes[nodeIndex % nodes.length] as Record<string, unknown>;
          const keys = Object.keys(node);
          const key = keys[nodeIndex % Math.max(keys.length, 1)];
          if (change.kind === 'add') node[change.key] = change.value;
          else if (key !== undefined && change.kind === 'delete') delete node[key];
          else if (key !== undefined && change.kind === 'replace') node[key] = change.value;
          const { generated, closures } = compiled.get(entry.version) as ReturnType<typeof both>;
          const verdict = generated.test(doc);
          verdicts.add(verdict);
          expect(verdict).toBe(closures.test(doc));
        },
      ),
      { numRuns: 600, seed: 20261127 },
    );
    expect([...verdicts].sort()).toEqual([false, true]);
  });
});
