import { describe, expect, it } from 'vitest';
import { buildSpec, type EndpointSketch } from './build-spec.js';

type Operation = Record<string, unknown> & {
  parameters?: unknown[];
  requestBody?: unknown;
  responses: unknown;
};

function operationOf(result: ReturnType<typeof buildSpec>, path: string, method: string): Operation {
  const paths = result.spec.paths as Record<string, Record<string, Operation>>;
  const operation = paths[path]?.[method];
  if (!operation) throw new Error(`no ${method} ${path} in ${Object.keys(paths).join(', ')}`);
  return operation;
}

describe('buildSpec', () => {
  it('writes a 3.0.3 document with default info and a 200 OK response', () => {
    const result = buildSpec({ endpoints: [{ method: 'GET', path: '/health' }] });
    expect(result.errors).toEqual([]);
    expect(result.spec).toEqual({
      openapi: '3.0.3',
      info: { title: 'API', version: '1.0.0' },
      paths: {
        '/health': { get: { operationId: 'getHealth', responses: { '200': { description: 'OK' } } } },
      },
    });
    expect(result.json).toBe(`${JSON.stringify(result.spec, null, 2)}\n`);
  });

  it('keeps the given info and writes 3.1.0 on request', () => {
    const result = buildSpec({
      endpoints: [],
      info: { title: 'Pets', version: '2.1.0', description: 'All the pets.' },
      options: { version: '3.1.0' },
    });
    expect(result.spec).toEqual({
      openapi: '3.1.0',
      info: { title: 'Pets', version: '2.1.0', description: 'All the pets.' },
      paths: {},
    });
  });

  it('turns Express parameters into templates and declares every path parameter', () => {
    const result = buildSpec({ endpoints: [{ method: 'get', path: '/owners/:ownerId/pets/{petId}' }] });
    const operation = operationOf(result, '/owners/{ownerId}/pets/{petId}', 'get');
    expect(operation.operationId).toBe('getOwnersByOwnerIdPetsByPetId');
    expect(operation.parameters).toEqual([
      { name: 'ownerId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('infers a required JSON request body with the sample as example', () => {
    const body = { name: 'Rex', born: '2020-01-31', owner: { email: 'ada@example.com' } };
    const result = buildSpec({ endpoints: [{ method: 'post', path: '/pets', body }] });
    expect(operationOf(result, '/pets', 'post').requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              born: { type: 'string', format: 'date' },
              owner: {
                type: 'object',
                properties: { email: { type: 'string', format: 'email' } },
                required: ['email'],
              },
            },
            required: ['name', 'born', 'owner'],
          },
          example: body,
        },
      },
    });
  });

  it('copies samples so later changes to the input do not leak into the spec', () => {
    const body = { name: 'Rex' };
    const result = buildSpec({ endpoints: [{ method: 'post', path: '/pets', body }] });
    body.name = 'changed';
    expect(result.json).toContain('"Rex"');
    expect(result.json).not.toContain('changed');
  });

  it('reads responses as descriptions (strings), empty (null) or sample bodies, ordered by status', () => {
    const result = buildSpec({
      endpoints: [
        {
          method: 'delete',
          path: '/pets/{id}',
          responses: { default: { message: 'boom' }, '404': 'No such pet', '204': null, '4XX': 'Bad input' },
        },
      ],
    });
    const responses = operationOf(result, '/pets/{id}', 'delete').responses as Record<string, unknown>;
    expect(Object.keys(responses)).toEqual(['204', '404', '4XX', 'default']);
    expect(responses['204']).toEqual({ description: 'No Content' });
    expect(responses['404']).toEqual({ description: 'No such pet' });
    expect(responses.default).toMatchObject({
      description: 'Unexpected response',
      content: { 'application/json': { schema: { type: 'object' }, example: { message: 'boom' } } },
    });
  });

  it('numbers repeated operationIds deterministically, whatever the input order', () => {
    const endpoints: EndpointSketch[] = [
      { method: 'get', path: '/pet_list' },
      { method: 'get', path: '/pet-list' },
      { method: 'get', path: '/pet.list' },
    ];
    const forward = buildSpec({ endpoints });
    const backward = buildSpec({ endpoints: [...endpoints].reverse() });
    expect(forward.json).toBe(backward.json);
    expect(operationOf(forward, '/pet-list', 'get').operationId).toBe('getPetList');
    expect(operationOf(forward, '/pet.list', 'get').operationId).toBe('getPetList2');
    expect(operationOf(forward, '/pet_list', 'get').operationId).toBe('getPetList3');
  });

  it('collects tags, declares them once at the top sorted by name', () => {
    const result = buildSpec({
      endpoints: [
        { method: 'get', path: '/pets', tags: ['pets', 'public'] },
        { method: 'get', path: '/admin', tags: ['admin', 'pets'] },
      ],
    });
    expect(result.spec.tags).toEqual([{ name: 'admin' }, { name: 'pets' }, { name: 'public' }]);
    expect(operationOf(result, '/pets', 'get').tags).toEqual(['pets', 'public']);
  });

  it('reports a repeated method and path and builds only the first', () => {
    const result = buildSpec({
      endpoints: [
        { method: 'get', path: '/pets/:id', summary: 'first' },
        { method: 'GET', path: '/pets/{id}', summary: 'second' },
      ],
    });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_BUILD_DUPLICATE_ENDPOINT', path: '/endpoints/1/path' }),
    ]);
    expect(operationOf(result, '/pets/{id}', 'get').summary).toBe('first');
  });

  it('rejects a path that differs from an earlier one only in parameter names', () => {
    const result = buildSpec({
      endpoints: [
        { method: 'get', path: '/pets/{id}' },
        { method: 'delete', path: '/pets/{petId}' },
      ],
    });
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([
      ['SPEC_BUILD_PATH_CONFLICT', '/endpoints/1/path'],
    ]);
    expect(Object.keys(result.spec.paths as object)).toEqual(['/pets/{id}']);
  });

  it('reports bad endpoints with pointers and still builds the good ones', () => {
    const result = buildSpec({
      endpoints: [
        { method: 'get', path: '/ok' },
        'nope',
        { method: 'fetch', path: '/x' },
        { method: 'get', path: 'no-slash' },
        {
          method: 'post',
          path: '/y',
          summary: 7,
          tags: ['a', ''],
          responses: { '200': 'fine', '999': 'bad' },
          extra: 1,
        },
        { method: 'get', path: '/z', responses: 'nope' },
      ],
      info: { title: '', owner: 'me' },
      options: { version: '4.0' },
    } as never);
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([
      ['SPEC_BUILD_BAD_ENDPOINT', '/endpoints/1'],
      ['SPEC_BUILD_BAD_METHOD', '/endpoints/2/method'],
      ['SPEC_BUILD_BAD_PATH', '/endpoints/3/path'],
      ['SPEC_BUILD_UNKNOWN_FIELD', '/endpoints/4/extra'],
      ['SPEC_BUILD_BAD_STATUS', '/endpoints/4/responses/999'],
      ['SPEC_BUILD_BAD_SUMMARY', '/endpoints/4/summary'],
      ['SPEC_BUILD_BAD_TAGS', '/endpoints/4/tags/1'],
      ['SPEC_BUILD_BAD_RESPONSES', '/endpoints/5/responses'],
      ['SPEC_BUILD_UNKNOWN_FIELD', '/info/owner'],
      ['SPEC_BUILD_BAD_INFO', '/info/title'],
      ['SPEC_BUILD_BAD_OPTION', '/options/version'],
    ]);
    expect(result.spec.openapi).toBe('3.0.3');
    expect(result.spec.info).toEqual({ title: 'API', version: '1.0.0' });
    expect(Object.keys(result.spec.paths as object)).toEqual(['/ok', '/y', '/z']);
    expect(operationOf(result, '/y', 'post')).toMatchObject({
      tags: ['a'],
      responses: { '200': { description: 'fine' } },
    });
  });

  it('reports endpoints that are not an array and still returns a document', () => {
    for (const endpoints of [undefined, null, {}, 'x']) {
      const result = buildSpec({ endpoints });
      expect(result.errors).toEqual([
        expect.objectContaining({ code: 'SPEC_BUILD_ENDPOINTS_NOT_ARRAY', path: '/endpoints' }),
      ]);
      expect(result.spec.paths).toEqual({});
    }
  });

  it('never throws, even without arguments', () => {
    expect(buildSpec(undefined as never).errors[0]?.code).toBe('SPEC_BUILD_ENDPOINTS_NOT_ARRAY');
    expect(buildSpec(42 as never).spec.openapi).toBe('3.0.3');
  });

  it('leaves out a GET body in 3.0 with an error but keeps it in 3.1', () => {
    const endpoints = [{ method: 'get', path: '/search', body: { q: 'x' } }];
    const v30 = buildSpec({ endpoints });
    expect(v30.errors.map((e) => [e.code, e.path])).toEqual([
      ['SPEC_BUILD_BODY_NOT_ALLOWED', '/endpoints/0/body'],
    ]);
    expect(operationOf(v30, '/search', 'get').requestBody).toBeUndefined();
    const v31 = buildSpec({ endpoints, options: { version: '3.1.0' } });
    expect(v31.errors).toEqual([]);
    expect(operationOf(v31, '/search', 'get').requestBody).toBeDefined();
  });

  it('orders paths and methods the same way for any input order', () => {
    const endpoints: EndpointSketch[] = [
      { method: 'post', path: '/b' },
      { method: 'delete', path: '/a/{id}' },
      { method: 'get', path: '/b' },
      { method: 'get', path: '/a/{id}' },
      { method: 'get', path: '/a' },
    ];
    const result = buildSpec({ endpoints });
    expect(Object.keys(result.spec.paths as object)).toEqual(['/a', '/a/{id}', '/b']);
    expect(Object.keys((result.spec.paths as Record<string, object>)['/b'] as object)).toEqual([
      'get',
      'post',
    ]);
    expect(buildSpec({ endpoints: [...endpoints].reverse() }).json).toBe(result.json);
  });

  it('leaves a non-JSON sample out of the examples and reports where it is', () => {
    const body: Record<string, unknown> = { name: 'x' };
    body.self = body;
    const result = buildSpec({ endpoints: [{ method: 'post', path: '/loop', body }] });
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([
      ['SPEC_BUILD_BAD_SAMPLE', '/endpoints/0/body/self'],
    ]);
    expect(result.json).not.toContain('"example"');
  });
});
