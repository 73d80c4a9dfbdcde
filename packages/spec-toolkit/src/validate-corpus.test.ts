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

  it.each(exampleFiles)('finds no errors in ReadMe example $file', ({ file, version }) => {
    const result = validate({ spec: readFileSync(join(examplesRoot, file), 'utf8') });
    expect(result.errors).toEqual([]);
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
      const result = validate({ spec: mutatedText });
      return { result, lines: mutatedText.split('\n') };
    };

    const operation = (doc: typeof base, path: string, method = 'get') =>
      (doc.paths as Record<string, Record<string, Record<string, unknown>>>)[path]?.[method] as Record<
        string,
        unknown
      >;

    it('is valid with zero errors, as text and as an object', () => {
      const fromText = validate({ spec: text });
      expect(fromText.errors).toEqual([]);
      expect(fromText.counts.operations).toBeGreaterThan(1000);
      expect(validate({ spec: base }).errors).toEqual([]);
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
