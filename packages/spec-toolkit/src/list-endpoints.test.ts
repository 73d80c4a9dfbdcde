import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { listEndpoints } from './list-endpoints.js';

const examples = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const readExample = (version: string, file: string, format = 'json'): string =>
  readFileSync(join(examples, version, format, `${file}.${format}`), 'utf8');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Method + path of every operation, computed straight from the document for comparison. */
function expectedOperations(doc: unknown): string[] {
  type Tree = { [key: string]: Tree | undefined } | undefined;
  const root = doc as Tree;
  const out: string[] = [];
  for (const [path, raw] of Object.entries(root?.paths ?? {})) {
    let item = raw;
    const ref = item?.$ref as unknown;
    if (typeof ref === 'string') {
      item = ref
        .slice(2)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<Tree>((at, token) => at?.[token], root);
    }
    for (const method of METHODS) if (item?.[method]) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out;
}

describe('listEndpoints on the ReadMe example corpus', () => {
  for (const version of ['2.0', '3.0', '3.1']) {
    it(`lists every operation of every ${version} example, JSON and YAML, in document order`, () => {
      for (const format of ['json', 'yaml']) {
        const files = readdirSync(join(examples, version, format)).filter((f) => f.endsWith(`.${format}`));
        expect(files.length).toBeGreaterThan(5);
        for (const file of files) {
          const text = readExample(version, file.slice(0, -format.length - 1), format);
          const result = listEndpoints({ spec: text });
          expect(result.errors, file).toEqual([]);
          const listed = result.endpoints.map((e) => `${e.method} ${e.path}`);
          expect(listed, file).toEqual(expectedOperations(loadYaml(text)));
        }
      }
    });
  }
});

describe('listEndpoints details', () => {
  it('describes a Swagger 2.0 operation: merged params, inline types, body as requestBody, produces', () => {
    const { endpoints } = listEndpoints({ spec: readExample('2.0', 'petstore') });
    const find = endpoints.find((e) => e.operationId === 'findPetsByStatus');
    expect(find?.params).toEqual([
      expect.objectContaining({ name: 'status', in: 'query', required: true, type: 'array<string>' }),
    ]);
    expect(find?.responses[0]).toEqual({
      status: '200',
      description: 'successful operation',
      contentTypes: ['application/xml', 'application/json'],
    });
    expect(find?.security).toEqual([{ petstore_auth: ['write:pets', 'read:pets'] }]);
    const add = endpoints.find((e) => e.operationId === 'addPet');
    expect(add?.params).toEqual([]);
    expect(add?.requestBody).toEqual(
      expect.objectContaining({ required: true, contentTypes: ['application/json', 'application/xml'] }),
    );
    const upload = endpoints.find((e) => e.operationId === 'uploadFile');
    expect(upload?.params.map((p) => `${p.in}:${p.name}:${p.type}`)).toEqual([
      'path:petId:integer',
      'formData:additionalMetadata:string',
      'formData:file:file',
    ]);
    expect(upload?.requestBody).toEqual({ required: false, contentTypes: ['multipart/form-data'] });
    const byId = endpoints.find((e) => e.operationId === 'getPetById');
    expect(byId?.params[0]).toEqual(
      expect.objectContaining({ name: 'petId', type: 'integer', format: 'int64' }),
    );
  });

  it('describes an OpenAPI 3 operation: $ref parameters, schema types, request body and response media types', () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/items/{id}': {
          parameters: [
            { $ref: '#/components/parameters/Id' },
            { name: 'trace', in: 'header', schema: { type: 'string' } },
          ],
          patch: {
            operationId: 'patchItem',
            summary: 'Patch',
            tags: ['items'],
            deprecated: true,
            security: [],
            parameters: [
              { name: 'trace', in: 'header', required: true, schema: { type: 'boolean' } },
              {
                name: 'ids',
                in: 'query',
                schema: { type: 'array', items: { $ref: '#/components/schemas/Id' } },
              },
              { name: 'maybe', in: 'query', schema: { type: 'string', nullable: true } },
            ],
            requestBody: { $ref: '#/components/requestBodies/Item' },
            responses: {
              '200': { description: 'ok', content: { 'application/json': {}, 'text/plain': {} } },
              default: { $ref: '#/components/responses/Error' },
            },
          },
        },
      },
      components: {
        schemas: { Id: { type: 'integer', format: 'int64' } },
        parameters: {
          Id: { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
        },
        requestBodies: {
          Item: {
            required: true,
            content: { 'application/merge-patch+json': { schema: { type: 'object' } } },
          },
        },
        responses: { Error: { description: 'error', content: { 'application/problem+json': {} } } },
      },
    };
    const [endpoint] = listEndpoints({ spec }).endpoints;
    expect(endpoint).toEqual({
      method: 'PATCH',
      path: '/items/{id}',
      operationId: 'patchItem',
      summary: 'Patch',
      tags: ['items'],
      deprecated: true,
      params: [
        { name: 'id', in: 'path', required: true, type: 'integer', format: 'int64' },
        { name: 'trace', in: 'header', required: true, type: 'boolean' },
        { name: 'ids', in: 'query', required: false, type: 'array<integer>' },
        { name: 'maybe', in: 'query', required: false, type: 'string | null' },
      ],
      requestBody: { required: true, contentTypes: ['application/merge-patch+json'] },
      responses: [
        { status: '200', description: 'ok', contentTypes: ['application/json', 'text/plain'] },
        { status: 'default', description: 'error', contentTypes: ['application/problem+json'] },
      ],
      security: [],
      pointer: '/paths/~1items~1{id}/patch',
    });
  });

  it('lists OpenAPI 3.1 webhooks apart from paths, with 3.1 type lists', () => {
    const result = listEndpoints({ spec: readExample('3.1', 'webhooks') });
    expect(result.endpoints).toEqual([]);
    expect(result.webhooks.map((w) => `${w.method} ${w.path}`)).toEqual(['POST newPet', 'DELETE newPet']);
    expect(result.webhooks[1]?.pointer).toBe('/webhooks/newPet/delete');
    const typed = listEndpoints({
      spec: {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: {
          '/a': {
            get: {
              parameters: [{ name: 'q', in: 'query', schema: { type: ['string', 'null'] } }],
              responses: {},
            },
          },
        },
      },
    });
    expect(typed.endpoints[0]?.params[0]?.type).toBe('string | null');
  });

  it('returns errors instead of throwing for unreadable or odd input', () => {
    expect(listEndpoints({ spec: '{ not json' }).errors[0]).toEqual(
      expect.objectContaining({ code: 'SPEC_PARSE_ERROR', line: 1 }),
    );
    expect(listEndpoints({ spec: '[1, 2]' }).errors.map((e) => e.code)).toEqual(['SPEC_NOT_AN_OBJECT']);
    expect(listEndpoints({ spec: undefined }).errors.map((e) => e.code)).toEqual(['SPEC_INPUT_MISSING']);
    expect(listEndpoints(undefined as never).endpoints).toEqual([]);
    const noVersion = listEndpoints({ spec: { paths: { '/a': { get: { responses: {} } } } } });
    expect(noVersion.errors.map((e) => e.code)).toEqual(['SPEC_VERSION_MISSING']);
    const oddVersion = listEndpoints({ spec: { swagger: '1.2', paths: { '/b': { post: {} } } } });
    expect(oddVersion.errors.map((e) => [e.code, e.path])).toEqual([
      ['SPEC_VERSION_UNSUPPORTED', '/swagger'],
    ]);
    expect(oddVersion.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(['POST /b']);
    expect(noVersion.endpoints.map((e) => e.path)).toEqual(['/a']);
  });

  it('reports dangling references with a pointer and a line', () => {
    const yaml = [
      'openapi: 3.0.3',
      'info: {title: T, version: "1"}',
      'paths:',
      '  /a:',
      '    get:',
      '      parameters:',
      "        - $ref: '#/components/parameters/Missing'",
      '      responses:',
      "        '200': {$ref: '#/components/responses/Gone'}",
      '',
    ].join('\n');
    const result = listEndpoints({ spec: yaml });
    expect(result.errors.map((e) => [e.code, e.path, e.line])).toEqual([
      ['SPEC_REF_UNRESOLVED', '/paths/~1a/get/parameters/0/$ref', 7],
      ['SPEC_REF_UNRESOLVED', '/paths/~1a/get/responses/200/$ref', 9],
    ]);
    expect(result.endpoints[0]?.responses).toEqual([{ status: '200', description: '', contentTypes: [] }]);
  });
});
