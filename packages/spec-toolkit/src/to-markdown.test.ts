import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listEndpoints } from './list-endpoints.js';
import { type DescribeContext, toMarkdown } from './to-markdown.js';

const require = createRequire(import.meta.url);
const examples = dirname(require.resolve('@readme/oas-examples/package.json'));
const readExample = (path: string): string => readFileSync(join(examples, path), 'utf8');
const headings = (markdown: string, level: string): string[] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith(`${level} `))
    .map((line) => line.slice(level.length + 1));

const ok = { '200': { description: 'ok' } };

describe('toMarkdown on real specs', () => {
  for (const file of [
    '2.0/json/petstore.json',
    '3.0/json/petstore.json',
    '3.1/json/petstore.json',
    '3.0/yaml/petstore.yaml',
  ]) {
    it(`renders every operation of ${file} under its tag`, async () => {
      const spec = readExample(file);
      const { markdown, mode, errors } = await toMarkdown({ spec });
      expect(errors).toEqual([]);
      expect(mode).toBe('heuristic');
      expect(markdown.startsWith('# Swagger Petstore\n\nVersion `1.0.0` · ')).toBe(true);
      const expected = listEndpoints({ spec }).endpoints.map((e) => `${e.method} ${e.path}`);
      expect(expected.length).toBe(20);
      expect(headings(markdown, '###').sort()).toEqual([...expected].sort());
      expect(headings(markdown, '##')).toEqual([
        'Overview',
        'Servers',
        'Authentication',
        'pet',
        'store',
        'user',
      ]);
      expect(markdown).toContain('## Overview\n\nSwagger Petstore (version 1.0.0, ');
      expect(markdown).toContain('- pet: 8 operations');
    });
  }

  it('shows parameters, bodies, responses with examples, and the curl request for an operation', async () => {
    const { markdown } = await toMarkdown({ spec: readExample('3.0/json/petstore.json') });
    const section = markdown.slice(
      markdown.indexOf('### POST /pet\n'),
      markdown.indexOf('### GET /pet/findByStatus'),
    );
    expect(section).toContain('**Add a new pet to the store**');
    expect(section).toContain('- Operation ID: `addPet`');
    expect(section).toContain('Required. Media types: `application/json`, `application/xml`.');
    expect(section).toContain('Schema: `Pet` (object)');
    expect(section).toContain('| `name` | `string` | yes |  |');
    expect(section).toContain('| `category` | `Category` | no |  |');
    expect(section).toContain('| `tags` | `array<Tag>` | no |  |');
    expect(section).toContain('"name": "doggie"');
    expect(section).toContain(
      "#### Example request\n\n```sh\ncurl -X POST 'http://petstore.swagger.io/v2/pet' \\",
    );
    const byId = markdown.slice(markdown.indexOf('### GET /pet/{petId}\n'));
    expect(byId).toContain('| `petId` | path | `integer (int64)` | yes | ID of pet to return |');
    expect(byId).toContain('Example `200` response (`application/json`):\n\n```json\n{\n  "id": ');
    expect(markdown).toContain('> **Deprecated.**');
  });

  it('renders the 13 MB GitHub description', async () => {
    const path = join(
      dirname(require.resolve('@octokit/openapi/package.json')),
      'generated',
      'api.github.com.json',
    );
    const spec = readFileSync(path, 'utf8');
    // How fast is the benchmark's business (bench/spec-toolkit), not a test's.
    const { markdown, errors } = await toMarkdown({ spec });
    expect(errors).toEqual([]);
    expect(markdown).toContain('\n### GET /repos/{owner}/{repo}\n\n**Get a repository**');
    expect(markdown).toContain('_… truncated (');
  });

  it('lists 3.1 webhooks in their own section without a curl example', async () => {
    const { markdown } = await toMarkdown({ spec: readExample('3.1/json/webhooks.json') });
    expect(headings(markdown, '##')).toEqual(['Overview', 'Webhooks']);
    expect(headings(markdown, '###')).toEqual(['POST newPet', 'DELETE newPet']);
    expect(markdown).not.toContain('#### Example request');
    expect(markdown).toContain('2 webhooks described.');
  });

  it('renders recursive schemas without looping', async () => {
    for (const file of [
      '2.0/json/schema-circular.json',
      '3.0/json/schema-circular.json',
      '3.0/json/circular-request-bodies.json',
    ]) {
      const { markdown, errors } = await toMarkdown({ spec: readExample(file) });
      expect(errors, file).toEqual([]);
      expect(headings(markdown, '###').length, file).toBe(
        listEndpoints({ spec: readExample(file) }).endpoints.length,
      );
    }
  });
});

describe('toMarkdown layout', () => {
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Layout', version: '2', description: 'About it.' },
    tags: [{ name: 'b', description: 'Tag B.' }, { name: 'a' }, { name: 'unused' }],
    paths: {
      '/none': { get: { responses: ok } },
      '/zeta': { get: { tags: ['zeta'], responses: ok } },
      '/a': { get: { tags: ['a', 'b'], responses: ok } },
      '/alpha': { get: { tags: ['alpha'], responses: ok } },
      '/b': {
        get: {
          tags: ['b'],
          deprecated: true,
          parameters: [
            { name: 'q', in: 'query', description: 'left | right\nnext line', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'a | b',
              content: { 'application/json': { example: { list: [1, 2, 3, 4], text: 'x'.repeat(400) } } },
            },
          },
        },
      },
    },
  };

  it('orders groups by declared tags, then undeclared alphabetically, then Other', async () => {
    const { markdown } = await toMarkdown({ spec });
    expect(headings(markdown, '##')).toEqual(['Overview', 'b', 'a', 'alpha', 'zeta', 'Other']);
    expect(headings(markdown, '###')).toEqual(['GET /b', 'GET /a', 'GET /alpha', 'GET /zeta', 'GET /none']);
    expect(markdown).toContain('## b\n\nTag B.\n\n### GET /b');
  });

  it('escapes table cells, caps example arrays and truncates long examples visibly', async () => {
    const { markdown } = await toMarkdown({ spec, options: { maxExampleChars: 200 } });
    expect(markdown).toContain('| `q` | query | `string` | no | left \\| right<br>next line |');
    expect(markdown).toContain('| `200` | a \\| b | `application/json` |');
    expect(markdown).toContain('"list": [\n    1,\n    2\n  ],');
    expect(markdown).toMatch(/_… truncated \(\d+ more characters\)\._/);
  });

  it('leaves examples out on request', async () => {
    const { markdown } = await toMarkdown({ spec, options: { includeExamples: false } });
    expect(markdown).not.toContain('```');
    expect(markdown).toContain('#### Responses');
  });

  it('gives the same text for the same input', async () => {
    const first = await toMarkdown({ spec: readExample('3.0/json/star-trek.json') });
    const second = await toMarkdown({ spec: readExample('3.0/json/star-trek.json') });
    expect(second.markdown).toBe(first.markdown);
  });

  it('falls back to the defaults for options of the wrong type', async () => {
    const options = {
      describe: 'text',
      describeTimeoutMs: 'soon',
      maxExampleChars: -5,
      includeExamples: 'no',
    } as never;
    const result = await toMarkdown({ spec, options });
    expect(result.mode).toBe('heuristic');
    expect(result.markdown).toBe((await toMarkdown({ spec })).markdown);
  });

  it('returns errors and no text for unreadable input', async () => {
    const result = await toMarkdown({ spec: '{"openapi": ' });
    expect(result).toEqual({
      markdown: '',
      mode: 'heuristic',
      errors: [expect.objectContaining({ code: 'SPEC_PARSE_ERROR' })],
    });
    const scalar = await toMarkdown({ spec: 'just text' });
    expect(scalar.errors.map((e) => e.code)).toEqual(['SPEC_NOT_AN_OBJECT']);
  });
});

describe('toMarkdown overview from the describe function', () => {
  const spec = readExample('3.0/json/petstore-simple.json');

  it('uses the model text and passes the API context', async () => {
    let seen: DescribeContext | undefined;
    const result = await toMarkdown({
      spec,
      options: {
        describe: async (context) => {
          seen = context;
          return '  A model overview.  ';
        },
      },
    });
    expect(result.mode).toBe('model');
    expect(result.markdown).toContain('## Overview\n\nA model overview.\n\n');
    expect(seen?.title).toBe('Simple Petstore');
    expect(seen?.operations).toEqual(
      listEndpoints({ spec }).endpoints.map((e) =>
        expect.objectContaining({ method: e.method, path: e.path }),
      ),
    );
    expect(seen?.tags.length).toBeGreaterThan(0);
  });

  it('falls back to the heuristic overview when the function throws, rejects, answers empty or is too slow', async () => {
    const failing = [
      () => {
        throw new Error('sync');
      },
      () => Promise.reject(new Error('async')),
      () => '   ',
      () => new Promise<string>(() => {}),
      () => 42 as unknown as string,
    ];
    const heuristic = (await toMarkdown({ spec })).markdown;
    for (const describe of failing) {
      const result = await toMarkdown({ spec, options: { describe, describeTimeoutMs: 30 } });
      expect(result.mode).toBe('heuristic');
      expect(result.markdown).toBe(heuristic);
    }
  });
});
