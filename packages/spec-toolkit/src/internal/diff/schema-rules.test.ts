import { describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';
import {
  createJsonOperation20,
  createJsonOperation30,
  createOpenApi30,
  createSwagger20,
  listChangeLines,
} from '../../testing/diff-spec-builders.js';

type Json = Record<string, unknown>;

/** GET /node answering with `#/components/schemas/Node`, defined by `schemas`. */
function componentSpec(schemas: Json): Json {
  return createOpenApi30(
    { '/node': { get: createJsonOperation30({ $ref: '#/components/schemas/Node' }) } },
    { components: { schemas } },
  );
}

const TREE = {
  Node: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
      parent: { $ref: '#/components/schemas/Node' },
    },
  },
};

describe('schema comparison', () => {
  it('terminates on recursive schemas on both sides and finds nothing when they agree', () => {
    expect(diff({ specA: componentSpec(TREE), specB: componentSpec(structuredClone(TREE)) }).changes).toEqual(
      [],
    );
  });

  it('finds a change inside a recursive schema once, however many ways lead to it', () => {
    const changed = structuredClone(TREE);
    changed.Node.properties.name = { type: 'integer' };
    const result = diff({ specA: componentSpec(TREE), specB: componentSpec(changed) });
    expect(result.changes).toEqual([
      {
        id: 'response-property-type-changed',
        level: 'error',
        operation: 'GET /node',
        location: '/components/schemas/Node/properties/name',
        side: 'new',
        message: 'Response property "name" type changed from string to integer.',
      },
    ]);
  });

  it('terminates on mutually recursive schemas that differ between the sides', () => {
    const old = {
      Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Other' } } },
      Other: {
        type: 'object',
        properties: { back: { $ref: '#/components/schemas/Node' }, x: { type: 'string' } },
      },
    };
    const now = { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } };
    const result = diff({ specA: componentSpec(old), specB: componentSpec(now) });
    // Old Node.next pointed at Other, new Node.next at Node: Other's members are compared with Node's.
    expect(result.changes.map((change) => `${change.level} ${change.message}`)).toEqual([
      'error Response property "back" was removed.',
      'error Response property "x" was removed.',
      'info Response property "next" was added.',
    ]);
  });

  it('merges allOf, so moving a property into a composed schema is no change', () => {
    const flat = {
      Node: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    };
    const composed = {
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      Node: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', properties: { name: { type: 'string' } } },
        ],
      },
    };
    expect(diff({ specA: componentSpec(flat), specB: componentSpec(composed) }).changes).toEqual([]);
    const lost = structuredClone(composed);
    lost.Base.properties = {} as typeof lost.Base.properties;
    expect(listChangeLines(diff({ specA: componentSpec(flat), specB: componentSpec(lost) }))).toEqual([
      'response-property-removed GET /node',
    ]);
  });

  it('treats an inline schema and an equal $ref target as the same', () => {
    const inline = createOpenApi30({ '/node': { get: createJsonOperation30(TREE.Node.properties.name) } });
    const referenced = createOpenApi30(
      { '/node': { get: createJsonOperation30({ $ref: '#/components/schemas/Name' }) } },
      { components: { schemas: { Name: { type: 'string' } } } },
    );
    expect(diff({ specA: inline, specB: referenced }).changes).toEqual([]);
  });

  it('compares a 2.0 definition with its 3.0 component by meaning', () => {
    const old = createSwagger20(
      { '/node': { get: createJsonOperation20({ $ref: '#/definitions/Node' }) } },
      {
        definitions: {
          Node: {
            type: 'object',
            properties: { file: { type: 'file' }, tag: { type: 'string', 'x-nullable': true } },
          },
        },
      },
    );
    const now = componentSpec({
      Node: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' }, tag: { type: 'string', nullable: true } },
      },
    });
    expect(diff({ specA: old, specB: now }).changes).toEqual([]);
  });

  it('does not compare schemas behind a $ref it cannot follow', () => {
    const dangling = (ref: string) =>
      createOpenApi30({ '/node': { get: createJsonOperation30({ $ref: ref }) } });
    expect(
      diff({ specA: dangling('#/components/schemas/Gone'), specB: dangling('other.yaml#/Node') }).changes,
    ).toEqual([]);
  });

  it('walks schemas nested 10,000 deep through properties and allOf without exhausting the stack', () => {
    let properties: unknown = { type: 'string' };
    let composed: unknown = { type: 'boolean' };
    for (let depth = 0; depth < 10_000; depth += 1) {
      properties = { type: 'object', properties: { a: properties } };
      composed = { allOf: [composed] };
    }
    const deep = (schema: unknown) =>
      createOpenApi30({
        '/deep': { get: createJsonOperation30({ type: 'object', properties: { p: schema } }) },
      });
    const result = diff({ specA: deep(properties), specB: deep(composed) });
    expect(result.errors).toEqual([]);
    expect(result.breaking.map((change) => change.message)).toEqual([
      'Response property "p" type changed from object to boolean.',
    ]);
    expect(diff({ specA: deep(properties), specB: deep(properties) }).changes).toEqual([]);
  });
});
