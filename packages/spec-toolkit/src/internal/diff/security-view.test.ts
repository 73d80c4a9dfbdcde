import { describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';
import {
  createOpenApi30,
  createSwagger20,
  listChangeIds,
  listChangeLines,
} from '../../testing/diff-spec-builders.js';

type Json = Record<string, unknown>;

const OK = { '200': { description: 'ok' } };

function securedSpec(version: '2.0' | '3.0', global: Json[] | undefined, own?: Json[]): Json {
  const get: Json = { responses: OK };
  if (own !== undefined) get.security = own;
  const extra: Json = {};
  if (global !== undefined) extra.security = global;
  return version === '2.0'
    ? createSwagger20({ '/pets': { get } }, extra)
    : createOpenApi30({ '/pets': { get } }, extra);
}

describe.each(['2.0', '3.0'] as const)('security in %s', (version) => {
  it('reports a global requirement added to an open API as breaking for every operation', () => {
    const result = diff({
      specA: securedSpec(version, undefined),
      specB: securedSpec(version, [{ apiKey: [] }]),
    });
    expect(listChangeLines(result)).toEqual(['security-requirement-added GET /pets']);
    expect(result.breaking[0]).toMatchObject({ location: '/security', side: 'new' });
    expect(result.breaking[0]?.message).toBe(
      'Security requirement added: apiKey; clients that used anonymous access are now refused.',
    );
  });

  it('reports a requirement added on one operation as breaking', () => {
    const result = diff({
      specA: securedSpec(version, undefined),
      specB: securedSpec(version, undefined, [{ oauth: ['read'] }]),
    });
    expect(listChangeLines(result)).toEqual(['security-requirement-added GET /pets']);
    expect(result.breaking[0]?.location).toBe('/paths/~1pets/get/security');
  });

  it('reports a required scope added as breaking', () => {
    const result = diff({
      specA: securedSpec(version, [{ oauth: ['read'] }]),
      specB: securedSpec(version, [{ oauth: ['read', 'write'] }]),
    });
    expect(listChangeIds(result)).toEqual(['security-alternative-removed', 'security-requirement-added']);
    expect(result.breaking).toHaveLength(2);
  });

  it('treats one more way to authenticate as info', () => {
    const result = diff({
      specA: securedSpec(version, [{ apiKey: [] }]),
      specB: securedSpec(version, [{ apiKey: [] }, { oauth: [] }]),
    });
    expect(listChangeLines(result)).toEqual(['security-alternative-added GET /pets']);
  });

  it('treats dropping authentication as info, and an operation opting out as relaxed', () => {
    const dropped = diff({
      specA: securedSpec(version, [{ apiKey: [] }]),
      specB: securedSpec(version, undefined),
    });
    expect(listChangeLines(dropped)).toEqual(['security-requirement-relaxed GET /pets']);
    const optedOut = diff({
      specA: securedSpec(version, [{ apiKey: [] }]),
      specB: securedSpec(version, [{ apiKey: [] }], []),
    });
    expect(listChangeIds(optedOut)).toEqual(['security-requirement-relaxed']);
  });

  it('reports removing anonymous access from optional security as breaking', () => {
    const result = diff({
      specA: securedSpec(version, [{}, { apiKey: [] }]),
      specB: securedSpec(version, [{ apiKey: [] }]),
    });
    expect(listChangeLines(result)).toEqual(['security-alternative-removed GET /pets']);
    expect(result.breaking[0]?.message).toBe(
      'Clients that used anonymous access can no longer call this operation.',
    );
  });

  it('finds no change when the same requirement moves from the operation to the document', () => {
    const result = diff({
      specA: securedSpec(version, undefined, [{ apiKey: [] }]),
      specB: securedSpec(version, [{ apiKey: [] }]),
    });
    expect(result.changes).toEqual([]);
  });
});
