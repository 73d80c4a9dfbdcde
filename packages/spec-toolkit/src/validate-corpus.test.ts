import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from './validate.js';

// Real public API descriptions shipped by npm packages: GitHub's REST description (13 MB,
// OpenAPI 3.0.3) and ReadMe's example set (Swagger 2.0, OpenAPI 3.0 and 3.1, JSON and YAML).
const require = createRequire(import.meta.url);
const githubPath = join(
  dirname(require.resolve('@octokit/openapi/package.json')),
  'generated',
  'api.github.com.json',
);
const examplesRoot = dirname(require.resolve('@readme/oas-examples/package.json'));

const exampleFiles = ['2.0', '3.0', '3.1'].flatMap((version) =>
  ['json', 'yaml'].flatMap((format) =>
    readdirSync(join(examplesRoot, version, format))
      .filter((name) => name.endsWith(`.${format}`))
      .map((name) => ({ version, file: join(version, format, name) })),
  ),
);

describe('validate on real descriptions', () => {
  it('covers Swagger 2.0, OpenAPI 3.0 and 3.1 examples in JSON and YAML', () => {
    for (const version of ['2.0', '3.0', '3.1']) {
      expect(exampleFiles.filter((entry) => entry.version === version).length).toBeGreaterThan(4);
    }
  });

  // ReadMe's set shows edge cases on purpose; these are the real mistakes among them (the
  // semantic rules catch what Redocly's recommended set catches), every other file is clean.
  const KNOWN_ERRORS: Record<string, string[]> = {
    '3.0/parameters-common': ['SPEC_PATH_PARAM_REPEATED'],
    '3.0/response-http-behavior': Array(3).fill('SPEC_SECURITY_SCHEME_UNDEFINED'),
    '3.0/schema-enums': Array(3).fill('SPEC_ENUM_TYPE_MISMATCH'),
    // 3.1 (JSON Schema 2020-12) lets an array schema leave out `items`; 2.0 and 3.0 do not.
    '3.0/schema-types': ['SPEC_SCHEMA_ARRAY_ITEMS_MISSING'],
    // draft-04 boolean exclusive bounds, which JSON Schema 2020-12 (3.1) makes numbers (Redocly: struct).
    '3.1/schema-validation-local': Array(10).fill('SPEC_EXCLUSIVE_BOUND_BOOLEAN'),
    '3.1/schema-validation-top-level': Array(2).fill('SPEC_EXCLUSIVE_BOUND_BOOLEAN'),
  };

  it.each(exampleFiles)('finds only the known mistakes in ReadMe example $file', ({ file, version }) => {
    const result = validate({ spec: readFileSync(join(examplesRoot, file), 'utf8') });
    const name =
      file
        .split(/[\\/]/)
        .pop()
        ?.replace(/\.(json|yaml)$/, '') ?? '';
    expect(result.errors.map((error) => error.code)).toEqual(KNOWN_ERRORS[`${version}/${name}`] ?? []);
    expect(result.version).toBe(version);
  });

  describe("GitHub's REST description", () => {
    let text = '';
    let base: Record<string, Record<string, Record<string, Record<string, unknown>>>> = {};
    beforeAll(() => {
      text = readFileSync(githubPath, 'utf8');
      base = JSON.parse(text);
    });

    /** Validates a mutated copy as pretty JSON text, so lines are checked too. */
    const validateMutation = (mutate: (doc: typeof base) => void) => {
      const doc = structuredClone(base);
      mutate(doc);
      const mutatedText = JSON.stringify(doc, null, 2);
      const all = validate({ spec: mutatedText });
      const result = { ...all, errors: otherErrors(all.errors) };
      return { result, lines: mutatedText.split('\n') };
    };

    const operation = (doc: typeof base, path: string, method = 'get') =>
      (doc.paths as Record<string, Record<string, Record<string, unknown>>>)[path]?.[method] as Record<
        string,
        unknown
      >;

    // GitHub's description has two pairs of paths that differ only in template names, which
    // Redocly's recommended set reports too; nothing else is an error.
    const IDENTICAL = [
      '/paths/~1orgs~1{org}~1attestations~1{subject_digest}',
      '/paths/~1users~1{username}~1attestations~1{subject_digest}',
    ];
    const otherErrors = <T extends { code: string }>(errors: T[]): T[] =>
      errors.filter((error) => error.code !== 'SPEC_PATH_IDENTICAL');

    it('has exactly its two identical templated paths as errors, as text and as an object', () => {
      const fromText = validate({ spec: text });
      expect(fromText.errors.map((error) => [error.code, error.path])).toEqual(
        IDENTICAL.map((path) => ['SPEC_PATH_IDENTICAL', path]),
      );
      expect(fromText.counts.operations).toBeGreaterThan(1000);
      expect(validate({ spec: base }).errors.map((error) => error.path)).toEqual(IDENTICAL);
    });

    it('reports exactly a removed responses object, with pointer and line', () => {
      const { result, lines } = validateMutation((doc) => {
        delete operation(doc, '/zen').responses;
      });
      expect(result.errors).toEqual([
        expect.objectContaining({
          code: 'SPEC_RESPONSES_MISSING',
          path: '/paths/~1zen/get',
          line: expect.any(Number),
        }),
      ]);
      expect(lines[(result.errors[0]?.line as number) - 1]).toContain('"get": {');
    });

    it('reports exactly a duplicated operationId at the second operation', () => {
      const { result, lines } = validateMutation((doc) => {
        operation(doc, '/zen').operationId = operation(doc, '/emojis').operationId;
      });
      expect(result.errors).toEqual([
        expect.objectContaining({
          code: 'SPEC_OPERATION_ID_DUPLICATE',
          path: '/paths/~1zen/get/operationId',
        }),
      ]);
      expect(lines[(result.errors[0]?.line as number) - 1]).toContain('"operationId": "emojis/get"');
    });

    it('reports exactly a broken $ref', () => {
      const { result, lines } = validateMutation((doc) => {
        const media = (
          operation(doc, '/emojis').responses as Record<
            string,
            Record<string, Record<string, Record<string, unknown>>>
          >
        )['200']?.content?.['application/json'] as Record<string, unknown>;
        media.schema = { $ref: '#/components/schemas/no-such-schema' };
      });
      expect(result.errors).toEqual([
        expect.objectContaining({
          code: 'SPEC_REF_DANGLING',
          path: '/paths/~1emojis/get/responses/200/content/application~1json/schema/$ref',
        }),
      ]);
      expect(lines[(result.errors[0]?.line as number) - 1]).toContain('#/components/schemas/no-such-schema');
    });

    it('reports exactly an undeclared path template parameter', () => {
      const { result, lines } = validateMutation((doc) => {
        const get = operation(doc, '/repos/{owner}/{repo}');
        get.parameters = (get.parameters as { $ref?: string }[]).filter(
          (p) => p.$ref !== '#/components/parameters/repo',
        );
      });
      expect(result.errors).toEqual([
        expect.objectContaining({
          code: 'SPEC_PATH_PARAM_UNDECLARED',
          path: '/paths/~1repos~1{owner}~1{repo}/get',
        }),
      ]);
      expect(lines[(result.errors[0]?.line as number) - 1]).toContain('"get": {');
    });
  });
});
