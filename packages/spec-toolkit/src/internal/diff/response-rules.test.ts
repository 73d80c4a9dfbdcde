import { describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';
import {
  createOpenApi30,
  createSwagger20,
  listChangeIds,
  listChangeLines,
} from '../../testing/diff-spec-builders.js';

type Json = Record<string, unknown>;

/** GET /pets answering each status with `schema`, written the way each version writes it. */
function responseSpec(
  version: '2.0' | '3.0',
  schema: Json,
  statuses = ['200'],
  mediaTypes = ['application/json'],
): Json {
  const responses: Json = {};
  for (const status of statuses) {
    responses[status] =
      version === '2.0'
        ? { description: 'ok', schema }
        : { description: 'ok', content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
  }
  if (version === '2.0') return createSwagger20({ '/pets': { get: { produces: mediaTypes, responses } } });
  return createOpenApi30({ '/pets': { get: { responses } } });
}

const pet = (properties: Json, required: string[] = []): Json => ({ type: 'object', required, properties });
const FULL = { id: { type: 'integer' }, name: { type: 'string' } };

describe.each(['2.0', '3.0'] as const)('responses in %s', (version) => {
  it('reports a removed status as breaking and an added one as info', () => {
    const removed = diff({
      specA: responseSpec(version, pet(FULL), ['200', '404']),
      specB: responseSpec(version, pet(FULL)),
    });
    expect(listChangeLines(removed)).toEqual(['response-removed GET /pets']);
    expect(removed.breaking[0]).toMatchObject({
      message: 'Response 404 was removed.',
      location: '/paths/~1pets/get/responses/404',
      side: 'old',
    });
    const added = diff({
      specA: responseSpec(version, pet(FULL)),
      specB: responseSpec(version, pet(FULL), ['200', '404']),
    });
    expect(listChangeLines(added)).toEqual(['response-added GET /pets']);
  });

  it('reports a removed response property as breaking and an added one as info', () => {
    const removed = diff({
      specA: responseSpec(version, pet(FULL)),
      specB: responseSpec(version, pet({ id: FULL.id })),
    });
    expect(listChangeLines(removed)).toEqual(['response-property-removed GET /pets']);
    expect(removed.breaking[0]?.message).toBe('Response property "name" was removed.');
    const added = diff({
      specA: responseSpec(version, pet({ id: FULL.id })),
      specB: responseSpec(version, pet(FULL)),
    });
    expect(listChangeLines(added)).toEqual(['response-property-added GET /pets']);
  });

  it('reports a changed response property type as breaking, and number to integer as info', () => {
    const typed = (type: string) => pet({ ...FULL, weight: { type } });
    const changed = diff({
      specA: responseSpec(version, typed('number')),
      specB: responseSpec(version, typed('string')),
    });
    expect(listChangeLines(changed)).toEqual(['response-property-type-changed GET /pets']);
    const narrowed = diff({
      specA: responseSpec(version, typed('number')),
      specB: responseSpec(version, typed('integer')),
    });
    expect(listChangeLines(narrowed)).toEqual(['response-property-type-specialized GET /pets']);
    const widened = diff({
      specA: responseSpec(version, typed('integer')),
      specB: responseSpec(version, typed('number')),
    });
    expect(listChangeLines(widened)).toEqual(['response-property-type-changed GET /pets']);
  });

  it('reports a changed response body type as breaking', () => {
    const result = diff({
      specA: responseSpec(version, pet(FULL)),
      specB: responseSpec(version, { type: 'array', items: pet(FULL) }),
    });
    expect(listChangeLines(result)).toEqual(['response-body-type-changed GET /pets']);
    expect(result.breaking[0]?.message).toBe('Response 200 body type changed from object to array.');
  });

  it('reports a removed response media type as breaking', () => {
    const both = ['application/json', 'application/xml'];
    const result = diff({
      specA: responseSpec(version, pet(FULL), ['200'], both),
      specB: responseSpec(version, pet(FULL)),
    });
    expect(listChangeLines(result)).toEqual(['response-media-type-removed GET /pets']);
    expect(result.breaking[0]?.message).toBe('Media type application/xml was removed from response 200.');
  });

  it('warns when a response enum gains a value or a property becomes optional', () => {
    const status = (values: string[], required: string[]) =>
      pet({ ...FULL, status: { type: 'string', enum: values } }, required);
    const result = diff({
      specA: responseSpec(version, status(['ok'], ['status'])),
      specB: responseSpec(version, status(['ok', 'late'], [])),
    });
    expect(listChangeIds(result)).toEqual([
      'response-property-became-optional',
      'response-property-enum-value-added',
    ]);
    expect(result.changes.every((change) => change.level === 'warning')).toBe(true);
  });

  it('ignores write-only properties in responses', () => {
    const withSecret = pet({ ...FULL, password: { type: 'string', writeOnly: true } });
    expect(
      diff({ specA: responseSpec(version, withSecret), specB: responseSpec(version, pet(FULL)) }).changes,
    ).toEqual([]);
  });
});

describe('responses across versions', () => {
  it('maps 2.0 `produces` onto 3.0 content, so a faithful migration has no changes', () => {
    const schema = pet(FULL, ['id']);
    expect(diff({ specA: responseSpec('2.0', schema), specB: responseSpec('3.0', schema) }).changes).toEqual(
      [],
    );
  });

  it('reports a response that became nullable as breaking', () => {
    const result = diff({
      specA: responseSpec('3.0', pet({ name: { type: 'string' } })),
      specB: responseSpec('3.0', pet({ name: { type: 'string', nullable: true } })),
    });
    expect(listChangeLines(result)).toEqual(['response-property-became-nullable GET /pets']);
  });

  it('compares responses reached through $ref like inline ones', () => {
    const inline = responseSpec('3.0', pet(FULL));
    const referenced = createOpenApi30(
      { '/pets': { get: { responses: { '200': { $ref: '#/components/responses/Pets' } } } } },
      {
        components: {
          responses: {
            Pets: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
          schemas: { Pet: pet({ id: FULL.id }) },
        },
      },
    );
    const result = diff({ specA: inline, specB: referenced });
    expect(listChangeLines(result)).toEqual(['response-property-removed GET /pets']);
    expect(result.breaking[0]).toMatchObject({
      location: '/paths/~1pets/get/responses/200/content/application~1json/schema/properties/name',
      side: 'old',
    });
  });
});
