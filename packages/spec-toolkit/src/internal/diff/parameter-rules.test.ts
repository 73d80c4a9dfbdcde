import { describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';
import {
  createOpenApi30,
  createOpenApi31,
  createSwagger20,
  listChangeIds,
  listChangeLines,
} from '../../testing/diff-spec-builders.js';

type Json = Record<string, unknown>;
type Version = '2.0' | '3.0';

/** A parameter written the way each version writes it: 2.0 inline, 3.x under `schema`. */
function param(version: Version, name: string, where: string, required: boolean, schema: Json): Json {
  return version === '2.0' ? { name, in: where, required, ...schema } : { name, in: where, required, schema };
}

function spec(version: Version, parameters: Json[], pathParameters: Json[] = []): Json {
  const responses = { '200': { description: 'ok' } };
  const item: Json = { get: { parameters, responses } };
  if (pathParameters.length > 0) item.parameters = pathParameters;
  const paths = { '/pets': item };
  return version === '2.0' ? createSwagger20(paths) : createOpenApi30(paths);
}

const LIMIT = { type: 'integer', format: 'int32' };

describe.each(['2.0', '3.0'] as const)('parameters in %s', (version) => {
  const limit = (required: boolean, schema: Json = LIMIT) =>
    param(version, 'limit', 'query', required, schema);

  it('reports a removed parameter as breaking', () => {
    const result = diff({ specA: spec(version, [limit(false)]), specB: spec(version, []) });
    expect(listChangeLines(result, 'error')).toEqual(['request-parameter-removed GET /pets']);
    expect(result.breaking[0]).toMatchObject({ side: 'old', location: '/paths/~1pets/get/parameters/0' });
  });

  it('reports a parameter that became required as breaking, and the reverse as info', () => {
    const tightened = diff({ specA: spec(version, [limit(false)]), specB: spec(version, [limit(true)]) });
    expect(listChangeLines(tightened)).toEqual(['request-parameter-became-required GET /pets']);
    const relaxed = diff({ specA: spec(version, [limit(true)]), specB: spec(version, [limit(false)]) });
    expect(listChangeLines(relaxed)).toEqual(['request-parameter-became-optional GET /pets']);
    expect(relaxed.breaking).toEqual([]);
  });

  it('reports a new required parameter as breaking and a new optional one as info', () => {
    const required = diff({ specA: spec(version, []), specB: spec(version, [limit(true)]) });
    expect(listChangeLines(required, 'error')).toEqual(['new-required-request-parameter GET /pets']);
    const optional = diff({ specA: spec(version, []), specB: spec(version, [limit(false)]) });
    expect(listChangeLines(optional)).toEqual(['new-optional-request-parameter GET /pets']);
    expect(optional.breaking).toEqual([]);
  });

  it('reports a changed type and a narrowed format as breaking', () => {
    const retyped = diff({
      specA: spec(version, [limit(false)]),
      specB: spec(version, [limit(false, { type: 'string' })]),
    });
    expect(listChangeLines(retyped)).toEqual(['request-parameter-type-changed GET /pets']);
    expect(retyped.breaking[0]?.message).toBe('Query parameter "limit" type changed from integer to string.');
    const narrowed = diff({
      specA: spec(version, [limit(false, { type: 'integer', format: 'int64' })]),
      specB: spec(version, [limit(false, { type: 'integer', format: 'int32' })]),
    });
    expect(listChangeLines(narrowed, 'error')).toEqual(['request-parameter-type-changed GET /pets']);
  });

  it('accepts widening a request type (integer to number, int32 to int64) as info', () => {
    const widened = diff({
      specA: spec(version, [limit(false)]),
      specB: spec(version, [limit(false, { type: 'number' })]),
    });
    expect(listChangeLines(widened)).toEqual(['request-parameter-type-generalized GET /pets']);
    const longer = diff({
      specA: spec(version, [limit(false)]),
      specB: spec(version, [limit(false, { type: 'integer', format: 'int64' })]),
    });
    expect(listChangeLines(longer)).toEqual(['request-parameter-type-generalized GET /pets']);
  });

  it('reports a removed enum value as breaking and an added one as info', () => {
    const sort = (values: string[]) => [
      param(version, 'sort', 'query', false, { type: 'string', enum: values }),
    ];
    const result = diff({
      specA: spec(version, sort(['asc', 'desc'])),
      specB: spec(version, sort(['asc', 'name'])),
    });
    expect(listChangeIds(result)).toEqual([
      'request-parameter-enum-value-removed',
      'request-parameter-enum-value-added',
    ]);
    expect(result.breaking[0]?.message).toBe('Query parameter "sort" no longer allows the value "desc".');
  });

  it('compares array parameter items, so an enum value removed from the items is breaking', () => {
    const tags = (values: string[]) => [
      param(version, 'tags', 'query', false, { type: 'array', items: { type: 'string', enum: values } }),
    ];
    const result = diff({ specA: spec(version, tags(['a', 'b'])), specB: spec(version, tags(['a'])) });
    expect(listChangeLines(result)).toEqual(['request-parameter-enum-value-removed GET /pets']);
    expect(result.breaking[0]?.message).toContain('Query parameter "tags" items');
  });

  it('merges path-level and operation-level parameters before comparing', () => {
    const moved = diff({ specA: spec(version, [limit(false)]), specB: spec(version, [], [limit(false)]) });
    expect(moved.changes).toEqual([]);
    const overridden = diff({
      specA: spec(version, [], [limit(false)]),
      specB: spec(version, [limit(true)], [limit(false)]),
    });
    expect(listChangeLines(overridden)).toEqual(['request-parameter-became-required GET /pets']);
  });

  it('matches parameters by location and name, ignoring the case of header names', () => {
    const header = (name: string) => [param(version, name, 'header', false, { type: 'string' })];
    expect(
      diff({ specA: spec(version, header('X-Trace')), specB: spec(version, header('x-trace')) }).changes,
    ).toEqual([]);
    const moved = diff({
      specA: spec(version, [param(version, 'id', 'query', false, { type: 'string' })]),
      specB: spec(version, [param(version, 'id', 'header', false, { type: 'string' })]),
    });
    expect(listChangeIds(moved)).toEqual(['request-parameter-removed', 'new-optional-request-parameter']);
  });

  it('reports a deprecated parameter as info', () => {
    const result = diff({
      specA: spec(version, [limit(false)]),
      specB: spec(version, [{ ...limit(false), deprecated: true }]),
    });
    expect(listChangeLines(result)).toEqual(['request-parameter-deprecated GET /pets']);
  });
});

describe('parameters across versions', () => {
  it('finds no change between a 2.0 parameter and its 3.0 translation, through $ref on one side', () => {
    const old = spec('2.0', [param('2.0', 'limit', 'query', false, LIMIT)]);
    const now = createOpenApi30(
      {
        '/pets': {
          get: {
            parameters: [{ $ref: '#/components/parameters/limit' }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      { components: { parameters: { limit: param('3.0', 'limit', 'query', false, LIMIT) } } },
    );
    expect(diff({ specA: old, specB: now }).changes).toEqual([]);
  });

  it('reads 3.1 type arrays and 3.0 nullable alike, and reports a request losing null as breaking', () => {
    const old = spec('3.0', [param('3.0', 'q', 'query', false, { type: 'string', nullable: true })]);
    const q31 = param('3.0', 'q', 'query', false, { type: ['string', 'null'] });
    const same = createOpenApi31({
      '/pets': { get: { parameters: [q31], responses: { '200': { description: 'ok' } } } },
    });
    expect(same.openapi).toBe('3.1.0');
    expect(diff({ specA: old, specB: same }).changes).toEqual([]);
    const strict = spec('3.0', [param('3.0', 'q', 'query', false, { type: 'string' })]);
    expect(listChangeLines(diff({ specA: old, specB: strict }))).toEqual([
      'request-parameter-became-not-nullable GET /pets',
    ]);
  });

  it('reports a parameter restricted to an enum as breaking', () => {
    const old = spec('3.0', [param('3.0', 'q', 'query', false, { type: 'string' })]);
    const now = spec('3.0', [param('3.0', 'q', 'query', false, { type: 'string', enum: ['a'] })]);
    expect(listChangeLines(diff({ specA: old, specB: now }))).toEqual([
      'request-parameter-became-enum GET /pets',
    ]);
  });
});
