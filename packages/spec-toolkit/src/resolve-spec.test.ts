import { describe, expect, it } from 'vitest';
import { fileResolver, fixtureUrl } from '../test/file-resolver.js';
import { diff } from './diff.js';
import { exampleRequest } from './example-request.js';
import { listEndpoints } from './list-endpoints.js';
import { createMemoryResolver } from './memory-spec-resolver.js';
import { resolveSpec } from './resolve-spec.js';
import { toMarkdown } from './to-markdown.js';
import { validate } from './validate.js';

const open = (name: string) => resolveSpec({ url: fixtureUrl(name), resolver: fileResolver, name });

/** Every `$ref` string left in a document. */
function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsOf(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsOf(value, out);
    }
  }
  return out;
}

describe('resolveSpec on split specs', () => {
  it('follows nested YAML files, fragments and cycles once each, leaving only local references', async () => {
    const spec = await open('yaml-nested/openapi.yaml');
    expect(spec.files.map((file) => file.name)).toEqual([
      'yaml-nested/openapi.yaml',
      'yaml-nested/paths/pets.yaml',
      'yaml-nested/parameters.yaml',
      'yaml-nested/schemas/pet.yaml',
      'yaml-nested/schemas/common.yaml',
    ]);
    expect(spec.diagnostics).toEqual([]);
    const refs = refsOf(spec.doc);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((ref) => ref.startsWith('#/'))).toBe(true);
    // Referenced from components and from operations: inlined under components, referenced elsewhere.
    expect(refs).toContain('#/components/schemas/Pet');
    expect(validate({ spec })).toMatchObject({ valid: true, errors: [], counts: { operations: 2 } });
  });

  it('follows JSON files of a 3.1 spec, with a cycle between two files', async () => {
    const spec = await open('json-nested/openapi.json');
    expect(spec.files).toHaveLength(4);
    const result = validate({ spec });
    expect(result).toMatchObject({ valid: true, version: '3.1', warnings: [] });
    expect(refsOf(spec.doc).every((ref) => ref.startsWith('#/'))).toBe(true);
  });

  it('reports a missing file as an error at the $ref naming it, in the file holding the $ref', async () => {
    const result = validate({ spec: await open('missing-file/openapi.yaml') });
    expect(result.valid).toBe(false);
    expect(result.warnings).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_REF_FILE_UNREADABLE',
        file: 'missing-file/openapi.yaml',
        path: '/paths/~1things/get/responses/200/content/application~1json/schema/$ref',
        line: 14,
        column: 17,
      }),
    ]);
  });

  it('points errors inside a referenced file into that file, with its lines, each once', async () => {
    const result = validate({ spec: await open('error-in-file/openapi.yaml') });
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_SCHEMA_ENUM',
        file: 'error-in-file/schemas/responses.yaml',
        path: '/Things/content/application~1json/schema/type',
        line: 6,
      }),
      expect.objectContaining({
        code: 'SPEC_REF_DANGLING',
        file: 'error-in-file/schemas/responses.yaml',
        path: '/Things/content/application~1json/schema/properties/owner/$ref',
        line: 9,
        column: 13,
      }),
    ]);
  });

  it('reports a breaking change that sits in a referenced file, located in that file', async () => {
    const result = diff({
      from: await open('breaking/v1/openapi.yaml'),
      to: await open('breaking/v2/openapi.yaml'),
    });
    expect(result.errors).toEqual([]);
    expect(result.breaking.map((change) => [change.id, change.file, change.location])).toEqual([
      ['response-property-type-changed', 'breaking/v2/schemas/pet.yaml', '/properties/id'],
      ['response-property-removed', 'breaking/v1/schemas/pet.yaml', '/properties/name'],
    ]);
  });

  it('refuses to diff a side whose referenced file is missing', async () => {
    const result = diff({
      from: await open('missing-file/openapi.yaml'),
      to: await open('missing-file/openapi.yaml'),
    });
    expect(result.errors[0]).toMatchObject({ code: 'SPEC_REF_FILE_UNREADABLE', side: 'old', line: 14 });
    expect(result.summary.text).toMatch(/^Not compared/);
  });

  it('lets the read-only tools work on a split spec', async () => {
    const spec = await open('yaml-nested/openapi.yaml');
    const listed = listEndpoints({ spec });
    expect(listed.errors).toEqual([]);
    expect(listed.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      'GET /pets',
      'GET /pets/{petId}',
    ]);
    expect((await toMarkdown({ spec })).markdown).toContain('petId');
    const example = exampleRequest({ spec, operationId: 'getPet' });
    expect(example.errors).toEqual([]);
    expect(example.curl).toContain('/pets/');
  });
});

describe('resolveSpec with other resolvers', () => {
  const entry = `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: 'https://example.com/schemas/a.json' }
              example: { $ref: ./not-a-reference.yaml }
        '404': { $ref: './shared.yaml#/NotFound' }
`;

  it('serves files from memory and leaves URLs it does not read unresolved, as a warning', async () => {
    const resolver = createMemoryResolver({
      'mem:/api/openapi.yaml': entry,
      'mem:/api/shared.yaml': 'NotFound:\n  description: not found\n',
    });
    const spec = await resolveSpec({ url: 'mem:/api/openapi.yaml', resolver });
    expect(spec.files.map((file) => file.name)).toEqual(['openapi.yaml', 'shared.yaml']);
    const result = validate({ spec });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'SPEC_REF_EXTERNAL', file: 'openapi.yaml', line: 11 }),
    ]);
  });

  it('follows URLs when the resolver accepts them', async () => {
    const resolver = createMemoryResolver({
      'https://example.com/api/openapi.yaml': entry,
      'https://example.com/api/shared.yaml': 'NotFound:\n  description: not found\n',
      'https://example.com/schemas/a.json':
        '{ "type": "object",\n  "properties": { "b": { "$ref": "#/nope" } } }',
    });
    const result = validate({
      spec: await resolveSpec({ url: 'https://example.com/api/openapi.yaml', resolver }),
    });
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_REF_DANGLING',
        file: '../schemas/a.json',
        path: '/properties/b/$ref',
        line: 2,
      }),
    ]);
  });

  it('reports an unparsable referenced file with its own name and line', async () => {
    const resolver = createMemoryResolver({
      'mem:/openapi.yaml': entry,
      'mem:/shared.yaml': 'NotFound: [unclosed\n',
    });
    const result = validate({ spec: await resolveSpec({ url: 'mem:/openapi.yaml', resolver }) });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_PARSE_ERROR', file: 'shared.yaml', line: 2 }),
    ]);
  });

  it('reads the entry through the resolver when no text is given, and says when it cannot', async () => {
    const resolver = createMemoryResolver({ 'mem:/x.yaml': 'openapi: 3.1.0\n' });
    const spec = await resolveSpec({ url: 'mem:/missing.yaml', resolver });
    expect(validate({ spec }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_INPUT_UNREADABLE', file: 'missing.yaml' }),
    ]);
  });

  it('keeps a reference to the entry itself local', async () => {
    const resolver = createMemoryResolver({
      'mem:/openapi.yaml': `${entry}components:\n  schemas:\n    Err: { type: string }\n`,
      'mem:/shared.yaml':
        'NotFound:\n  description: nf\n  content:\n    application/json:\n      schema: { $ref: "./openapi.yaml#/components/schemas/Err" }\n',
    });
    const spec = await resolveSpec({ url: 'mem:/openapi.yaml', resolver });
    expect(refsOf(spec.doc)).toContain('#/components/schemas/Err');
    expect(validate({ spec }).errors).toEqual([]);
  });

  it('reports a document nested too deeply to resolve instead of crashing', async () => {
    const deep = `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const resolver = createMemoryResolver({ 'mem:/deep.json': deep });
    const spec = await resolveSpec({ url: 'mem:/deep.json', resolver });
    expect(spec.diagnostics.map((diagnostic) => diagnostic.code)).toContain('SPEC_TOO_DEEP');
    expect(validate({ spec }).valid).toBe(false);
  });
});
