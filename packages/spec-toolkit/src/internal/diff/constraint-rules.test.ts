import { describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';

/** A 3.1 spec with one operation whose request and response bodies use the given schemas. */
function spec(request: unknown, response: unknown, parameter: unknown = { type: 'string' }) {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/things': {
        post: {
          parameters: [{ name: 'q', in: 'query', schema: parameter }],
          requestBody: { content: { 'application/json': { schema: request } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: response } } } },
        },
      },
    },
  };
}

const ids = (from: unknown, to: unknown) =>
  diff({ from, to }).changes.map((change) => `${change.level} ${change.id}`);

describe('constraint changes', () => {
  const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });

  it('treats tighter request limits as breaking and looser ones as safe', () => {
    const before = spec(object({ n: { type: 'integer', maximum: 10, minLength: undefined } }), {});
    const after = spec(object({ n: { type: 'integer', maximum: 5, minimum: 1 } }), {});
    expect(ids(before, after)).toEqual([
      'error request-property-max-decreased',
      'error request-property-min-increased',
    ]);
    expect(ids(after, before)).toEqual([
      'info request-property-max-increased',
      'info request-property-min-decreased',
    ]);
  });

  it('treats looser response limits as risky and tighter ones as safe', () => {
    const before = spec({}, object({ s: { type: 'string', maxLength: 10 } }));
    const after = spec({}, object({ s: { type: 'string' } }));
    expect(ids(before, after)).toEqual(['warning response-property-max-length-increased']);
    expect(ids(after, before)).toEqual(['info response-property-max-length-decreased']);
  });

  it('compares items limits and parameter limits, including 3.1 exclusive bounds', () => {
    const before = spec(
      { type: 'array', items: {}, maxItems: 5 },
      {},
      { type: 'integer', exclusiveMaximum: 100 },
    );
    const after = spec(
      { type: 'array', items: {}, maxItems: 3 },
      {},
      { type: 'integer', exclusiveMaximum: 50 },
    );
    expect(ids(before, after)).toEqual([
      'error request-parameter-max-decreased',
      'error request-body-max-items-decreased',
    ]);
  });

  it('reports pattern changes on both sides', () => {
    const before = spec(object({ c: { type: 'string' } }), object({ c: { type: 'string', pattern: '^a' } }));
    const after = spec(
      object({ c: { type: 'string', pattern: '^[a-z]+$' } }),
      object({ c: { type: 'string', pattern: '^b' } }),
    );
    expect(ids(before, after)).toEqual([
      'warning request-property-pattern-added',
      'info response-property-pattern-changed',
    ]);
  });

  it('reports oneOf / anyOf branches and discriminator changes', () => {
    const cat = { type: 'object', properties: { kind: { type: 'string' } } };
    const before = spec(
      { oneOf: [cat, cat], discriminator: { propertyName: 'kind' } },
      { anyOf: [{ type: 'string' }] },
    );
    const after = spec(
      { oneOf: [cat], discriminator: { propertyName: 'type' } },
      { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    );
    expect(ids(before, after)).toEqual([
      'error request-body-discriminator-changed',
      'error request-body-one-of-removed',
      'warning response-body-any-of-added',
    ]);
  });
});
