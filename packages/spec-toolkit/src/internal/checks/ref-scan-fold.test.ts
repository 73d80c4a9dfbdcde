import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SpecVersion } from '../../types.js';
import { validate } from '../../validate.js';
import { countParsedKeys } from '../json-key-count.js';
import { checkRules } from '../rules/check-rules.js';
import { checkRefs, createCleanRefTest } from './ref-checks.js';
import { createRefScanFold } from './ref-scan-fold.js';

/** The reference scan alone, as before the fold. */
function scanAlone(doc: Record<string, unknown>, version: SpecVersion) {
  return checkRefs(doc, version, { countKeys: true, collectTargets: false });
}

/** The rule walk with the fold, then the scan that skips the schemas section. */
function scanFolded(doc: Record<string, unknown>, version: SpecVersion) {
  const fold = createRefScanFold(doc, version, createCleanRefTest(doc, version));
  if (fold === undefined) throw new Error('no schemas section');
  checkRules(doc, version, false, fold);
  return { fold, refs: checkRefs(doc, version, { countKeys: true, collectTargets: false, fold }) };
}

/** A schemas section with every shape the schema visitor and the scan could see differently. */
function edgeSchemas(at = '#/components/schemas/'): Record<string, unknown> {
  return {
    Ref: {
      $ref: `${at}Plain`,
      description: 'siblings of a 3.0 reference: the visitor stops, the scan does not',
      example: { $ref: 'data, not a reference' },
      'x-meta': { $ref: 'an extension: counted, not checked' },
      extra: { nested: { $ref: `${at}Plain` } },
    },
    Plain: {
      type: 'object',
      properties: {
        a: { type: 'string', enum: ['x', { $ref: 'data' }] },
        b: [{ $ref: `${at}Plain` }],
        $ref: { type: 'string' },
        'x-named': { type: 'string' },
      },
      allOf: { weird: { $ref: `${at}Plain` } },
      items: [{ type: 'string' }, [{ $ref: `${at}Plain` }], 3],
      additionalProperties: false,
      discriminator: { propertyName: 'a', mapping: { x: `${at}Plain` } },
      examples: { one: { value: { $ref: 'data' } }, two: [{ $ref: `${at}Plain` }] },
      'x-webhooks': { hook: { $ref: `${at}Plain` } },
    },
    List: [{ $ref: `${at}Plain` }, 'text'],
    Scalar: 3,
    Empty: {},
  };
}

function edgeDoc(version: '3.0' | '3.1'): Record<string, unknown> {
  return {
    openapi: version === '3.0' ? '3.0.3' : '3.1.0',
    info: { title: 'Edges', version: '1' },
    paths: { '/a': { get: { responses: { 200: { $ref: '#/components/schemas/Plain' } } } } },
    components: { schemas: edgeSchemas() },
  };
}

const NOPE = '#/components/schemas/Nope';
/** Where a bad reference is planted (tokens below the section), each reached through a different shape. */
const PLANTS: [(string | number)[], unknown][] = [
  [['Ref', 'extra', 'nested', '$ref'], NOPE],
  [['Plain', 'properties', 'b', 0, '$ref'], NOPE],
  [['Plain', 'allOf', 'weird', '$ref'], NOPE],
  [['Plain', 'items', 1, 0, '$ref'], NOPE],
  [['Plain', 'discriminator', '$ref'], 'https://example.com/external'],
  [['Plain', 'examples', 'two', 0, '$ref'], NOPE],
  [['Plain', 'x-webhooks', 'hook', '$ref'], NOPE],
  [['List', 0, '$ref'], NOPE],
  [['Plain', 'properties', 'a', '$ref'], { not: 'a string' }],
  [['Ref', '$ref'], NOPE],
];

/** Sets the member at `tokens` below `root` (every step an object or array). */
function plant(root: unknown, tokens: (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const token of tokens.slice(0, -1)) node = node[token] as Record<string | number, unknown>;
  node[tokens[tokens.length - 1] as string | number] = value;
}

describe('the reference scan folded into the schema walk', () => {
  for (const version of ['3.0', '3.1'] as const) {
    it(`counts the same keys as the scan alone on every shape of a ${version} schemas section`, () => {
      const doc = edgeDoc(version);
      const { fold, refs } = scanFolded(doc, version);
      expect(fold.failed).toBe(false);
      expect(refs.keys).toBe(scanAlone(doc, version).keys);
      expect(refs.keys).toBe(countParsedKeys(doc));
      expect(refs.findings).toEqual([]);
    });

    it(`gives way to the reporting walk, with the same findings, for a bad reference anywhere in a ${version} section`, () => {
      for (const [tokens, value] of PLANTS) {
        const doc = edgeDoc(version);
        plant(doc.components, ['schemas', ...tokens], value);
        const alone = scanAlone(doc, version);
        const { fold, refs } = scanFolded(doc, version);
        expect(alone.findings.length).toBeGreaterThan(0);
        expect(fold.failed).toBe(true);
        expect(refs).toEqual(alone);
      }
    });
  }

  it('folds a 2.0 definitions section the same way', () => {
    const doc = {
      swagger: '2.0',
      info: { title: 'Edges', version: '1' },
      paths: {},
      definitions: edgeSchemas('#/definitions/'),
    };
    const { fold, refs } = scanFolded(doc, '2.0');
    expect(fold.failed).toBe(false);
    expect(refs.keys).toBe(countParsedKeys(doc));
    plant(doc.definitions, ['Plain', 'allOf', 'weird', '$ref'], '#/definitions/Nope');
    const broken = scanFolded(doc, '2.0');
    expect(broken.fold.failed).toBe(true);
    expect(broken.refs).toEqual(scanAlone(doc, '2.0'));
  });

  it('leaves nesting past the scan bound to the reporting walk', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 1000; level++) deep = { type: 'array', items: deep };
    const doc = { ...edgeDoc('3.1'), components: { schemas: { Deep: deep } } };
    const { fold, refs } = scanFolded(doc, '3.1');
    expect(fold.failed).toBe(true);
    expect(refs).toEqual(scanAlone(doc, '3.1'));
  });

  it("counts the keys of GitHub's description exactly as the scan alone", () => {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('@octokit/openapi/package.json'));
    const doc = JSON.parse(readFileSync(join(root, 'generated', 'api.github.com.json'), 'utf8'));
    const { fold, refs } = scanFolded(doc, '3.0');
    expect(fold.failed).toBe(false);
    expect(fold.keys).toBeGreaterThan(100_000);
    expect(refs.keys).toBe(scanAlone(doc, '3.0').keys);
  });

  it('still finds a repeated key and a dangling reference inside a schema of JSON text', () => {
    const text = `{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{},
"components":{"schemas":{"A":{"type":"object","properties":{"b":{"type":"string","type":"string"}}},
"B":{"items":{"$ref":"#/components/schemas/Nope"},"type":"array"}}}}`;
    const result = validate({ spec: text });
    expect(result.errors.map((error) => [error.code, error.path])).toEqual([
      ['SPEC_DUPLICATE_KEY', '/components/schemas/A/properties/b/type'],
      ['SPEC_REF_DANGLING', '/components/schemas/B/items/$ref'],
    ]);
  });
});
