import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diff } from './diff.js';
import { exampleRequest } from './example-request.js';
import { listEndpoints } from './list-endpoints.js';
import { toMarkdown } from './to-markdown.js';
import { validate } from './validate.js';

const read = (name: string) =>
  readFileSync(new URL(`../test/fixtures/openapi-3.2/${name}`, import.meta.url), 'utf8');
const VALID = read('valid.yaml');

describe('OpenAPI 3.2 in every tool', () => {
  it('validates a 3.2 document with query, additionalOperations, tag parents and streaming media types', () => {
    const result = validate({ spec: VALID, options: { strict: true } });
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, version: '3.2', counts: { paths: 2, operations: 3 } });
  });

  it('checks structure against the official 3.2 schema (no fixed method in additionalOperations)', () => {
    const result = validate({ spec: read('invalid-structure.yaml') });
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => [error.code, error.path, error.line])).toEqual([
      ['SPEC_SCHEMA_UNKNOWN_PROPERTY', '/paths/~1things/additionalOperations/POST', 8],
    ]);
  });

  it('reports unknown tag parents and parent cycles', () => {
    const result = validate({ spec: read('invalid-tags.yaml') });
    expect(result.errors.map((error) => [error.code, error.path, error.line])).toEqual([
      ['SPEC_TAG_PARENT_CYCLE', '/tags/0/parent', 7],
      ['SPEC_TAG_PARENT_CYCLE', '/tags/1/parent', 9],
      ['SPEC_TAG_PARENT_UNKNOWN', '/tags/2/parent', 11],
    ]);
  });

  it('rejects query operations in a 3.1 document (the method is new in 3.2)', () => {
    const result = validate({
      spec: VALID.replace('openapi: 3.2.0', 'openapi: 3.1.1').replace(/\$self.*\n/, ''),
    });
    expect(result.valid).toBe(false);
  });

  it('lists query and additional operations', () => {
    const listed = listEndpoints({ spec: VALID });
    expect(listed.errors).toEqual([]);
    expect(listed.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      'QUERY /books',
      'COPY /books',
      'GET /events',
    ]);
  });

  it('builds a curl line for a query operation and samples a streaming item', () => {
    const search = exampleRequest({ spec: VALID, operationId: 'searchBooks' });
    expect(search.errors).toEqual([]);
    expect(search.curl).toMatch(/^curl -X QUERY 'https:\/\/api\.example\.com\/books'/);
    const events = exampleRequest({ spec: VALID, operationId: 'streamEvents' });
    expect(events.errors).toEqual([]);
  });

  it('documents every 3.2 operation in Markdown', async () => {
    const { markdown, errors } = await toMarkdown({ spec: VALID });
    expect(errors).toEqual([]);
    expect(markdown).toContain('### QUERY /books');
    expect(markdown).toContain('### COPY /books');
  });

  it('diffs 3.2 documents: a removed additional operation, a changed streaming item schema', () => {
    const result = diff({ from: VALID, to: read('changed.yaml') });
    expect(result.errors).toEqual([]);
    expect(result.removed).toEqual(['COPY /books']);
    expect(result.breaking.map((change) => [change.operation, change.id])).toEqual([
      ['COPY /books', 'operation-removed'],
      ['GET /events', 'response-property-type-changed'],
    ]);
  });
});
