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

/** POST /pets taking `schema` as a JSON body, written the way each version writes it. */
function bodySpec(
  version: '2.0' | '3.0',
  schema: Json | undefined,
  required = true,
  mediaTypes = ['application/json'],
): Json {
  if (version === '2.0') {
    const parameters = schema === undefined ? [] : [{ name: 'body', in: 'body', required, schema }];
    return createSwagger20({ '/pets': { post: { consumes: mediaTypes, parameters, responses: OK } } });
  }
  const content = Object.fromEntries(mediaTypes.map((type) => [type, { schema }]));
  const post: Json = { responses: OK };
  if (schema !== undefined) post.requestBody = { required, content };
  return createOpenApi30({ '/pets': { post } });
}

const pet = (properties: Json, required: string[] = ['name']): Json => ({
  type: 'object',
  required,
  properties,
});
const NAME = { name: { type: 'string' } };

describe.each(['2.0', '3.0'] as const)('request bodies in %s', (version) => {
  it('reports a body that became required as breaking', () => {
    const result = diff({
      specA: bodySpec(version, pet(NAME), false),
      specB: bodySpec(version, pet(NAME), true),
    });
    expect(listChangeLines(result)).toEqual(['request-body-became-required POST /pets']);
  });

  it('reports a new required body as breaking, an optional one as info, and a removed one as a warning', () => {
    expect(
      listChangeIds(diff({ specA: bodySpec(version, undefined), specB: bodySpec(version, pet(NAME)) })),
    ).toEqual(['new-required-request-body']);
    expect(
      listChangeIds(
        diff({ specA: bodySpec(version, undefined), specB: bodySpec(version, pet(NAME), false) }),
      ),
    ).toEqual(['new-optional-request-body']);
    expect(
      listChangeIds(diff({ specA: bodySpec(version, pet(NAME)), specB: bodySpec(version, undefined) })),
    ).toEqual(['request-body-removed']);
  });

  it('reports a new required property as breaking and a new optional one as info', () => {
    const withAge = (required: string[]) => pet({ ...NAME, age: { type: 'integer' } }, required);
    const required = diff({
      specA: bodySpec(version, pet(NAME)),
      specB: bodySpec(version, withAge(['name', 'age'])),
    });
    expect(listChangeLines(required)).toEqual(['new-required-request-property POST /pets']);
    expect(required.breaking[0]?.message).toBe('Request property "age" was added as required.');
    const optional = diff({
      specA: bodySpec(version, pet(NAME)),
      specB: bodySpec(version, withAge(['name'])),
    });
    expect(listChangeLines(optional)).toEqual(['new-optional-request-property POST /pets']);
  });

  it('reports a property that became required as breaking and a removed property as a warning', () => {
    const both = pet({ ...NAME, tag: { type: 'string' } });
    const required = diff({
      specA: bodySpec(version, both),
      specB: bodySpec(version, pet(both.properties as Json, ['name', 'tag'])),
    });
    expect(listChangeLines(required)).toEqual(['request-property-became-required POST /pets']);
    const removed = diff({ specA: bodySpec(version, both), specB: bodySpec(version, pet(NAME)) });
    expect(listChangeLines(removed, 'warning')).toEqual(['request-property-removed POST /pets']);
    expect(removed.breaking).toEqual([]);
  });

  it('reports a changed property type as breaking, and integer to number as info', () => {
    const age = (type: string) => pet({ ...NAME, age: { type } });
    const changed = diff({
      specA: bodySpec(version, age('integer')),
      specB: bodySpec(version, age('string')),
    });
    expect(listChangeLines(changed)).toEqual(['request-property-type-changed POST /pets']);
    expect(changed.breaking[0]?.message).toBe('Request property "age" type changed from integer to string.');
    const widened = diff({
      specA: bodySpec(version, age('integer')),
      specB: bodySpec(version, age('number')),
    });
    expect(listChangeLines(widened)).toEqual(['request-property-type-generalized POST /pets']);
  });

  it('reports a removed enum value of a request property as breaking', () => {
    const kind = (values: string[]) => pet({ ...NAME, kind: { type: 'string', enum: values } });
    const result = diff({
      specA: bodySpec(version, kind(['cat', 'dog'])),
      specB: bodySpec(version, kind(['cat'])),
    });
    expect(listChangeLines(result)).toEqual(['request-property-enum-value-removed POST /pets']);
    expect(result.breaking[0]?.message).toBe('Request property "kind" no longer allows the value "dog".');
  });

  it('reports a changed body type as breaking', () => {
    const result = diff({
      specA: bodySpec(version, pet(NAME)),
      specB: bodySpec(version, { type: 'array', items: pet(NAME) }),
    });
    expect(listChangeLines(result)).toEqual(['request-body-type-changed POST /pets']);
  });

  it('reports a removed request media type as breaking and an added one as info', () => {
    const both = ['application/json', 'application/xml'];
    const removed = diff({
      specA: bodySpec(version, pet(NAME), true, both),
      specB: bodySpec(version, pet(NAME)),
    });
    expect(listChangeLines(removed)).toEqual(['request-media-type-removed POST /pets']);
    expect(removed.breaking[0]?.message).toBe(
      'Media type application/xml was removed from the request body.',
    );
    const added = diff({
      specA: bodySpec(version, pet(NAME)),
      specB: bodySpec(version, pet(NAME), true, both),
    });
    expect(listChangeLines(added)).toEqual(['request-media-type-added POST /pets']);
  });

  it('ignores read-only properties in requests', () => {
    const withId = pet({ ...NAME, id: { type: 'integer', readOnly: true } });
    expect(diff({ specA: bodySpec(version, withId), specB: bodySpec(version, pet(NAME)) }).changes).toEqual(
      [],
    );
  });
});

describe('request bodies across versions', () => {
  it('maps a 2.0 body parameter and `consumes` onto the 3.0 request body', () => {
    const schema = pet({ ...NAME, age: { type: 'integer', format: 'int32' } });
    expect(diff({ specA: bodySpec('2.0', schema), specB: bodySpec('3.0', schema) }).changes).toEqual([]);
  });

  it('maps 2.0 form parameters onto a form request body, so a new required field is breaking', () => {
    const form = (fields: Json[]) =>
      createSwagger20({
        '/pets': { post: { consumes: ['multipart/form-data'], parameters: fields, responses: OK } },
      });
    const name = { name: 'name', in: 'formData', type: 'string', required: true };
    const photo = { name: 'photo', in: 'formData', type: 'file', required: true };
    const result = diff({ specA: form([name]), specB: form([name, photo]) });
    expect(listChangeLines(result)).toEqual(['new-required-request-property POST /pets']);
    const as30 = createOpenApi30({
      '/pets': {
        post: {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: pet({ ...NAME, photo: { type: 'string', format: 'binary' } }, ['name', 'photo']),
              },
            },
          },
          responses: OK,
        },
      },
    });
    expect(diff({ specA: form([name, photo]), specB: as30 }).changes).toEqual([]);
  });

  it('reports a 2.0 form field type change with the field name', () => {
    const form = (type: string) =>
      createSwagger20({
        '/pets': { post: { parameters: [{ name: 'age', in: 'formData', type }], responses: OK } },
      });
    const result = diff({ specA: form('integer'), specB: form('string') });
    expect(result.breaking.map((c) => c.message)).toEqual([
      'Request property "age" type changed from integer to string.',
    ]);
  });
});
