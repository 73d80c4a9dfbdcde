import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleRequest } from './example-request.js';

const examples = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const readExample = (path: string): string => readFileSync(join(examples, path), 'utf8');

const ok = { '200': { description: 'ok' } };
const spec31 = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths,
  ...extra,
});

describe('exampleRequest operation selection', () => {
  const petstore = readExample('2.0/json/petstore.json');

  it('finds an operation by operationId, by template path, by renamed template and by concrete path', () => {
    expect(exampleRequest({ spec: petstore, operationId: 'getPetById' }).url).toBe(
      'http://petstore.swagger.io/v2/pet/0',
    );
    expect(exampleRequest({ spec: petstore, method: 'get', path: '/pet/{petId}' }).operation).toEqual({
      path: '/pet/{petId}',
      operationId: 'getPetById',
    });
    expect(exampleRequest({ spec: petstore, method: 'GET', path: '/pet/{id}' }).operation?.operationId).toBe(
      'getPetById',
    );
    const concrete = exampleRequest({ spec: petstore, method: 'DELETE', path: '/pet/42' });
    expect(concrete.url).toBe('http://petstore.swagger.io/v2/pet/42');
    expect(
      exampleRequest({ spec: petstore, method: 'GET', path: '/pet/findByStatus' }).operation?.operationId,
    ).toBe('findPetsByStatus');
  });

  it('lists the available choices when nothing matches', () => {
    const result = exampleRequest({ spec: petstore, operationId: 'nope' });
    expect(result.curl).toBe('');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe('SPEC_OPERATION_NOT_FOUND');
    expect(result.errors[0]?.message).toContain('GET /pet/{petId} (getPetById)');
    expect(result.errors[0]?.message).toContain('operationId "nope"');
  });

  it('reports an ambiguous selection with the candidates', () => {
    const result = exampleRequest({ spec: petstore, path: '/pet/{petId}' });
    expect(result.errors[0]?.code).toBe('SPEC_OPERATION_AMBIGUOUS');
    expect(result.errors[0]?.message).toContain(
      'GET /pet/{petId} (getPetById), POST /pet/{petId} (updatePetWithForm), DELETE /pet/{petId} (deletePet)',
    );
    expect(exampleRequest({ spec: petstore }).errors[0]?.code).toBe('SPEC_OPERATION_AMBIGUOUS');
  });

  it('picks the only operation when none is named', () => {
    const result = exampleRequest({ spec: spec31({ '/only': { get: { responses: ok } } }) });
    expect(result.errors).toEqual([]);
    expect(result.curl).toBe("curl -X GET 'http://localhost/only'");
  });

  it('rejects selectors of the wrong type and ignores options of the wrong type', () => {
    const wrong = exampleRequest({ spec: petstore, method: 0 as never, path: '/pet' });
    expect(wrong.curl).toBe('');
    expect(wrong.errors.map((e) => e.code)).toEqual(['SPEC_ARGUMENT_INVALID']);
    const options = { baseUrl: 42, multiline: 'no', compactBody: null } as never;
    expect(exampleRequest({ spec: petstore, operationId: 'getPetById', options }).url).toBe(
      'http://petstore.swagger.io/v2/pet/0',
    );
    expect(exampleRequest('nonsense' as never).errors.map((e) => e.code)).toEqual(['SPEC_INPUT_MISSING']);
  });

  it('returns errors instead of throwing on bad input', () => {
    expect(exampleRequest({ spec: 'openapi: [' }).errors[0]?.code).toBe('SPEC_PARSE_ERROR');
    expect(exampleRequest({ spec: 42 }).errors[0]?.code).toBe('SPEC_NOT_AN_OBJECT');
    expect(exampleRequest({ spec: spec31({}) }).errors[0]?.message).toContain('(the spec has no operations)');
  });
});

describe('exampleRequest parameters and bodies', () => {
  it('serialises query parameters per style and explode, including optional ones with examples only', () => {
    const parameters = [
      {
        name: 'csv',
        in: 'query',
        required: true,
        explode: false,
        schema: { type: 'array', items: { type: 'string' }, minItems: 2 },
      },
      {
        name: 'pipes',
        in: 'query',
        required: true,
        style: 'pipeDelimited',
        explode: false,
        schema: { type: 'array', items: { type: 'integer' } },
        example: [1, 2],
      },
      {
        name: 'filter',
        in: 'query',
        required: true,
        style: 'deepObject',
        schema: { type: 'object', properties: { a: { type: 'string' } } },
      },
      { name: 'skip', in: 'query', schema: { type: 'integer', default: 3 } },
      { name: 'shown', in: 'query', schema: { type: 'string', example: 'yes' } },
    ];
    const result = exampleRequest({ spec: spec31({ '/q': { get: { parameters, responses: ok } } }) });
    expect(result.url).toBe(
      'http://localhost/q?csv=string,string&pipes=1%7C2&filter%5Ba%5D=string&shown=yes',
    );
  });

  it('follows Swagger 2.0 collectionFormat', () => {
    const parameters = [
      {
        name: 'multi',
        in: 'query',
        required: true,
        type: 'array',
        items: { type: 'string', enum: ['a', 'b'] },
        collectionFormat: 'multi',
        minItems: 2,
        uniqueItems: true,
      },
      {
        name: 'csv',
        in: 'query',
        required: true,
        type: 'array',
        items: { type: 'integer' },
        default: [1, 2],
      },
    ];
    const spec = {
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      paths: { '/q': { get: { parameters, responses: ok } } },
    };
    expect(exampleRequest({ spec }).url).toBe('http://localhost/q?multi=a&multi=b&csv=1,2');
  });

  it('prefers the media type example, then a referenced examples entry, then the schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer', example: 1 } } };
    const make = (media: Record<string, unknown>) =>
      exampleRequest({
        spec: spec31(
          {
            '/b': {
              post: { requestBody: { content: { 'application/json': { schema, ...media } } }, responses: ok },
            },
          },
          { components: { examples: { Two: { value: { a: 2 } } } } },
        ),
      }).body;
    expect(make({ example: { a: 0 } })).toEqual({ a: 0 });
    expect(make({ examples: { two: { $ref: '#/components/examples/Two' } } })).toEqual({ a: 2 });
    expect(make({})).toEqual({ a: 1 });
  });

  it('prefers a JSON-like media type, sets Content-Type, and takes Accept from the first response media type', () => {
    const requestBody = {
      content: {
        'application/xml': { schema: { type: 'string' } },
        'application/vnd.api+json': { schema: { type: 'object', properties: { b: { type: 'boolean' } } } },
      },
    };
    const responses = {
      '400': { description: 'bad', content: { 'application/problem+json': {} } },
      '201': { description: 'created', content: { 'text/csv': {}, 'application/json': {} } },
    };
    const result = exampleRequest({
      spec: spec31({ '/b': { post: { requestBody, responses } } }),
      options: { compactBody: true },
    });
    expect(result.contentType).toBe('application/vnd.api+json');
    expect(result.headers).toEqual({ Accept: 'text/csv', 'Content-Type': 'application/vnd.api+json' });
    expect(result.curl).toBe(
      [
        "curl -X POST 'http://localhost/b'",
        "-H 'Accept: text/csv'",
        "-H 'Content-Type: application/vnd.api+json'",
        `--data-raw '{"b":true}'`,
      ].join(' \\\n  '),
    );
  });

  it('builds Swagger 2.0 bodies from the body parameter, leaving readOnly properties out', () => {
    const result = exampleRequest({ spec: readExample('2.0/json/petstore.json'), operationId: 'placeOrder' });
    expect(result.body).toEqual({
      id: 0,
      petId: 0,
      quantity: 0,
      shipDate: '2024-01-01T00:00:00Z',
      status: 'placed',
      complete: false,
    });
    const v3 = exampleRequest({ spec: readExample('3.0/json/petstore.json'), operationId: 'addPet' });
    expect(v3.body).not.toHaveProperty('id');
    expect(v3.body).toHaveProperty('name', 'doggie');
  });

  it('sends required header and cookie parameters, never letting a parameter override Accept, Content-Type or Authorization', () => {
    const parameters = [
      {
        name: 'X-Trace',
        in: 'header',
        required: true,
        schema: { type: 'array', items: { type: 'integer' } },
      },
      { name: 'Accept', in: 'header', required: true, schema: { type: 'string' } },
      { name: 'session', in: 'cookie', required: true, schema: { type: 'string' }, example: 'a b' },
      { name: 'theme', in: 'cookie', required: true, schema: { type: 'string', enum: ['dark'] } },
    ];
    const result = exampleRequest({ spec: spec31({ '/h': { get: { parameters, responses: ok } } }) });
    expect(result.headers).toEqual({ 'X-Trace': '0', Cookie: 'session=a%20b; theme=dark' });
  });

  it('cuts recursive request bodies and keeps required members', () => {
    const result = exampleRequest({
      spec: readExample('3.0/json/circular-request-bodies.json'),
      method: 'POST',
      path: '/direct',
    });
    expect(result.errors).toEqual([]);
    expect(result.body).toEqual(expect.objectContaining({ id: 'string' }));
  });

  it('reports dangling schema references and stands null in for them', () => {
    const requestBody = {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { a: { $ref: '#/components/schemas/Gone' } } },
        },
      },
    };
    const result = exampleRequest({ spec: spec31({ '/b': { post: { requestBody, responses: ok } } }) });
    expect(result.body).toEqual({ a: null });
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([['SPEC_REF_UNRESOLVED', '/paths/~1b/post']]);
  });

  it('reads YAML and gives the same result every time', () => {
    const yaml = readExample('3.0/yaml/petstore.yaml');
    const first = exampleRequest({ spec: yaml, operationId: 'updatePetWithForm' });
    expect(first.errors).toEqual([]);
    expect(first.contentType).toBe('application/x-www-form-urlencoded');
    expect(first.curl).toContain("--data-raw 'name=string&status=string'");
    expect(exampleRequest({ spec: yaml, operationId: 'updatePetWithForm' })).toEqual(first);
  });
});
