import { describe, expect, it } from 'vitest';
import { type BuildSpecArgs, buildSpec } from './build-spec.js';
import { validate } from './validate.js';

const CASES: Record<string, BuildSpecArgs> = {
  'no endpoints': { endpoints: [] },
  'a single GET': { endpoints: [{ method: 'get', path: '/health' }] },
  'a CRUD resource with Express paths': {
    info: { title: 'Pets', version: '2.0.0', description: 'A pet store.' },
    endpoints: [
      {
        method: 'get',
        path: '/pets',
        tags: ['pets'],
        summary: 'List pets',
        responses: { 200: [{ id: 1, name: 'Rex' }] },
      },
      {
        method: 'post',
        path: '/pets',
        tags: ['pets'],
        body: { name: 'Rex', born: '2020-01-31', chip: '123e4567-e89b-12d3-a456-426614174000' },
        responses: { 201: { id: 1, name: 'Rex' }, 400: { message: 'bad' } },
      },
      { method: 'get', path: '/pets/:id', tags: ['pets'], responses: { 200: { id: 1 }, 404: 'No such pet' } },
      { method: 'put', path: '/pets/:id', body: { name: 'Rex', tags: ['good', null] } },
      { method: 'delete', path: '/pets/:id', responses: { 204: null, default: { error: 'x' } } },
    ],
  },
  'mixed and nullable samples': {
    endpoints: [
      {
        method: 'patch',
        path: '/things/{thingId}/parts/{partId}',
        body: [{ a: 1, b: null }, { a: 'x', c: [[1.5], []] }, null],
        responses: {
          '2XX': { ok: true, at: '2024-01-01T00:00:00Z', site: 'https://example.com' },
          '5XX': 'Oops',
        },
      },
    ],
  },
  'every method and operationId clashes': {
    endpoints: ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
      .flatMap((method) => [
        { method, path: '/a-b' },
        { method, path: '/a_b' },
      ])
      .concat([
        { method: 'get', path: '/' },
        { method: 'get', path: '/files/{name}.{ext}' },
      ]),
  },
  'bad input mixed with good': {
    endpoints: [
      { method: 'get', path: '/ok' },
      { method: 'nope', path: '/x' },
      7,
      { method: 'get', path: '/ok' },
    ],
  },
};

describe('documents built by buildSpec', () => {
  for (const version of ['3.0.3', '3.1.0'] as const) {
    for (const [name, args] of Object.entries(CASES)) {
      it(`validate without errors: ${name} (${version})`, () => {
        const { spec } = buildSpec({ ...args, options: { version } });
        const result = validate({ spec });
        expect(result.errors).toEqual([]);
        expect(result.valid).toBe(true);
      });
    }
  }
});
