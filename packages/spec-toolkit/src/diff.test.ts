import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DiffArgs, diff } from './diff.js';
import {
  createJsonOperation30,
  createOpenApi30,
  listChangeIds,
  listChangeLines,
} from './testing/diff-spec-builders.js';

type Json = Record<string, unknown>;

const examples = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const readExample = (version: string, name: string) => readFileSync(join(examples, version, name), 'utf8');

const PET = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
};

function petsSpec(extra: Json = {}): Json {
  return createOpenApi30({
    '/pets': { get: createJsonOperation30({ type: 'array', items: PET }), post: createJsonOperation30(PET) },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: createJsonOperation30(PET),
      delete: { responses: { '204': { description: 'gone' } } },
    },
    ...extra,
  });
}

describe('diff', () => {
  it('finds no changes between a spec and a copy of itself', () => {
    const result = diff({ specA: petsSpec(), specB: petsSpec() });
    expect(result).toEqual({
      added: [],
      removed: [],
      changed: [],
      changes: [],
      breaking: [],
      summary: {
        added: 0,
        removed: 0,
        changed: 0,
        changes: 0,
        breaking: 0,
        warnings: 0,
        infos: 0,
        text: 'No changes.',
      },
      errors: [],
    });
  });

  it('lists added and removed operations as METHOD /path, sorted by path then method', () => {
    const old = petsSpec();
    const now = petsSpec({
      '/owners': { get: createJsonOperation30(PET), post: createJsonOperation30(PET) },
    });
    delete (now.paths as Record<string, Json>)['/pets/{id}']?.delete;
    delete (now.paths as Record<string, Json>)['/pets']?.post;
    const result = diff({ specA: old, specB: now });
    expect(result.added).toEqual(['GET /owners', 'POST /owners']);
    expect(result.removed).toEqual(['POST /pets', 'DELETE /pets/{id}']);
    expect(listChangeLines(result, 'error')).toEqual([
      'operation-removed POST /pets',
      'operation-removed DELETE /pets/{id}',
    ]);
    expect(listChangeLines(result, 'info')).toEqual([
      'operation-added GET /owners',
      'operation-added POST /owners',
    ]);
    expect(result.summary.text).toBe(
      '2 breaking changes, 0 warnings, 2 infos; operations: 2 added, 2 removed, 0 changed.',
    );
  });

  it('accepts from/to, old/new and a/b as aliases for specA/specB', () => {
    const old = petsSpec();
    const now = petsSpec({ '/owners': { get: createJsonOperation30(PET) } });
    const expected = diff({ specA: old, specB: now });
    expect(expected.added).toEqual(['GET /owners']);
    const aliases: DiffArgs[] = [
      { from: old, to: now },
      { old, new: now },
      { a: old, b: now },
    ];
    for (const args of aliases) expect(diff(args)).toEqual(expected);
  });

  it('groups changes per operation with errors first and the same entries in `changes` and `breaking`', () => {
    const now = petsSpec();
    const get = (now.paths as Record<string, Record<string, Json>>)['/pets/{id}']?.get as Json;
    get.summary = 'Read one pet';
    get.parameters = [{ name: 'fields', in: 'query', required: true, schema: { type: 'string' } }];
    const result = diff({ specA: petsSpec(), specB: now });
    expect(result.changed.map((group) => group.operation)).toEqual(['GET /pets/{id}']);
    expect(result.changed[0]?.changes.map((change) => `${change.level} ${change.id}`)).toEqual([
      'error new-required-request-parameter',
      'info operation-summary-changed',
    ]);
    expect(result.changes).toEqual(result.changed[0]?.changes);
    expect(result.breaking).toEqual([result.changes[0]]);
  });

  it('gives byte-identical JSON for equal inputs, whatever the key order of the documents', () => {
    const now = petsSpec({ '/owners': { get: createJsonOperation30(PET) } });
    delete (now.paths as Record<string, Json>)['/pets']?.post;
    const reordered = { ...now, paths: Object.fromEntries(Object.entries(now.paths as Json).reverse()) };
    const first = JSON.stringify(diff({ specA: petsSpec(), specB: now }));
    expect(JSON.stringify(diff({ specA: petsSpec(), specB: now }))).toBe(first);
    expect(JSON.stringify(diff({ specA: petsSpec(), specB: reordered }))).toBe(first);
  });

  it('reads YAML and JSON text, and compares them with an object by meaning', () => {
    const yaml = [
      'openapi: 3.0.3',
      'info: { title: Pets, version: 1.0.0 }',
      'paths:',
      '  /pets:',
      '    get:',
      '      parameters:',
      '        - { name: limit, in: query, required: true, schema: { type: integer } }',
      "      responses: { '200': { description: ok } }",
    ].join('\n');
    const object = createOpenApi30({
      '/pets': {
        get: {
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    });
    expect(listChangeLines(diff({ specA: JSON.stringify(object), specB: yaml }))).toEqual([
      'request-parameter-became-required GET /pets',
    ]);
    expect(diff({ specA: yaml, specB: yaml }).changes).toEqual([]);
  });

  it('reports an unreadable side as errors, with the side named, instead of throwing', () => {
    const result = diff({ specA: petsSpec(), specB: '{"openapi": "3.0.3", "paths": {' });
    expect(result.changes).toEqual([]);
    expect(result.added).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'SPEC_PARSE_ERROR', side: 'new', line: 1 });
    expect(result.errors[0]?.message).toMatch(/^New spec: Invalid JSON/);
    expect(result.summary.text).toBe('Not compared: the new spec could not be read (1 error).');
  });

  it('reports inputs that are not specs, missing inputs and unsupported versions', () => {
    const notSpec = diff({ specA: 'just: yaml', specB: petsSpec() });
    expect(notSpec.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_VERSION_MISSING', side: 'old', path: '' }),
    ]);
    const missing = diff({ specA: petsSpec() });
    expect(missing.errors.map((error) => `${error.side} ${error.code}`)).toEqual(['new SPEC_INPUT_MISSING']);
    const unsupported = diff({ specA: { swagger: '1.2' }, specB: '[1, 2]' });
    expect(unsupported.errors.map((error) => `${error.side} ${error.code} ${error.path}`)).toEqual([
      'old SPEC_VERSION_UNSUPPORTED /swagger',
      'new SPEC_NOT_AN_OBJECT ',
    ]);
    expect(unsupported.summary.text).toBe('Not compared: the specs could not be read (2 errors).');
  });

  it('never throws, even when called without arguments', () => {
    const result = diff(undefined as unknown as DiffArgs);
    expect(result.errors.map((error) => error.code)).toEqual(['SPEC_INPUT_MISSING', 'SPEC_INPUT_MISSING']);
  });

  it('pairs /pets/{id} with /pets/{petId} and reports the rename as info', () => {
    const renamed = createOpenApi30({
      '/pets/{petId}': {
        get: {
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
          ...createJsonOperation30(PET),
        },
      },
    });
    const old = createOpenApi30({ '/pets/{id}': (petsSpec().paths as Record<string, Json>)['/pets/{id}'] });
    const result = diff({ specA: old, specB: renamed });
    expect(result.removed).toEqual(['DELETE /pets/{id}']);
    expect(result.added).toEqual([]);
    expect(result.changed.map((group) => group.operation)).toEqual(['GET /pets/{petId}']);
    expect(listChangeIds(result)).toEqual(['operation-removed', 'path-parameter-renamed']);
    expect(result.changed[0]?.changes[0]?.message).toBe(
      'Path parameter "id" was renamed to "petId" (/pets/{id} → /pets/{petId}).',
    );
  });

  it('reports deprecation, operationId, summary and description changes at their levels', () => {
    const now = petsSpec();
    Object.assign((now.paths as Record<string, Record<string, Json>>)['/pets']?.get as Json, {
      deprecated: true,
      operationId: 'listPets',
      summary: 'List',
      description: 'All pets.',
    });
    const old = petsSpec();
    Object.assign((old.paths as Record<string, Record<string, Json>>)['/pets']?.get as Json, {
      operationId: 'getPets',
    });
    const result = diff({ specA: old, specB: now });
    expect(result.changes.map((change) => `${change.level} ${change.id}`)).toEqual([
      'warning operation-id-changed',
      'info operation-deprecated',
      'info operation-description-changed',
      'info operation-summary-changed',
    ]);
    expect(result.breaking).toEqual([]);
  });

  it('finds only the edited description between the 2.0 and 3.0 petstore-expanded examples', () => {
    const result = diff({
      from: readExample('2.0', 'json/petstore-expanded.json'),
      to: readExample('3.0', 'json/petstore-expanded.json'),
    });
    expect(result.errors).toEqual([]);
    expect(listChangeLines(result)).toEqual(['operation-description-changed POST /pets']);
  });
});
