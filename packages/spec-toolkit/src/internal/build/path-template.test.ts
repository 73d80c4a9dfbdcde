import { describe, expect, it } from 'vitest';
import { readPathTemplate } from './path-template.js';

describe('reading an endpoint path', () => {
  it('converts Express parameters that start a segment', () => {
    expect(readPathTemplate('/pets/:petId/photos/:photo_id')).toEqual({
      ok: true,
      path: '/pets/{petId}/photos/{photo_id}',
      names: ['petId', 'photo_id'],
      shape: '/pets/{}/photos/{}',
    });
  });

  it('leaves a colon inside a segment alone', () => {
    expect(readPathTemplate('/v1/{name}:run')).toMatchObject({
      ok: true,
      path: '/v1/{name}:run',
      names: ['name'],
    });
  });

  it('keeps OpenAPI templates, several per segment', () => {
    expect(readPathTemplate('/files/{name}.{ext}')).toMatchObject({ ok: true, names: ['name', 'ext'] });
  });

  it.each([
    [42, 'must be a string'],
    ['pets', 'must start with "/"'],
    ['/pets?limit=1', 'query string'],
    ['/pets/{id', 'unmatched "{"'],
    ['/pets/id}', 'unmatched "}"'],
    ['/pets/{}', 'empty or invalid'],
    ['/a/{id}/b/:id', 'twice'],
    ['/pets /x', 'whitespace'],
  ])('rejects %j', (path, reason) => {
    const reading = readPathTemplate(path);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.message).toContain(reason);
  });
});
