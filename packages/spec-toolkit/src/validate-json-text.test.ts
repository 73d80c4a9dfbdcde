import { describe, expect, it } from 'vitest';
import type { Diagnostic } from './types.js';
import { validate } from './validate.js';

// JSON text takes validate's fast paths (the reference scan that keeps no path, the key count
// reused by the duplicate-key check); an object takes the reporting walk. Both must find the same.

const base = () => ({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets/{petId}': {
      get: {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
});

type Doc = ReturnType<typeof base>;
const media = (doc: Doc) => doc.paths['/pets/{petId}'].get.responses['200'].content['application/json'];

const cases: [string, (doc: Doc) => void][] = [
  ['a valid document', () => {}],
  [
    'a dangling ref',
    (doc) => Object.assign(media(doc), { schema: { $ref: '#/components/schemas/Missing' } }),
  ],
  ['a malformed ref', (doc) => Object.assign(media(doc), { schema: { $ref: '#components/schemas/Pet' } })],
  ['an external ref', (doc) => Object.assign(media(doc), { schema: { $ref: 'https://example.com/p.json' } })],
  ['a ref that is not a string', (doc) => Object.assign(media(doc), { schema: { $ref: { to: 'Pet' } } })],
  [
    'a ref after members with their own findings',
    (doc) => {
      (doc.components.schemas as Record<string, unknown>).Odd = {
        properties: { a: { $ref: '#/nowhere' } },
        $ref: '#/components/schemas/Gone',
      };
    },
  ],
  [
    'the same dangling ref twice, and refs inside example data',
    (doc) => {
      Object.assign(media(doc), {
        schema: { $ref: '#/components/schemas/Gone' },
        example: { $ref: '#/not/a/reference' },
        examples: { one: { value: { $ref: '#/data' } }, two: { $ref: '#/components/schemas/Gone' } },
      });
    },
  ],
  [
    'structural and operation errors next to clean refs',
    (doc) => {
      Object.assign(doc.paths['/pets/{petId}'].get, { parameters: [], operationId: 7 });
      Object.assign(media(doc), { schema: { $ref: '#/components/schemas/Pet' } });
    },
  ],
  [
    'operation findings: missing responses, a repeated operationId, parameters and templates',
    (doc) => {
      const get = doc.paths['/pets/{petId}'].get as Record<string, unknown>;
      get.operationId = 'same';
      (doc.paths as Record<string, unknown>)['/owners/{ownerId}'] = {
        get: { operationId: 'same', responses: {} },
        post: {
          parameters: [
            { name: 'q', in: 'query', schema: {} },
            { name: 'q', in: 'query', schema: {} },
            { name: 'extra', in: 'path', required: true, schema: {} },
          ],
        },
      };
    },
  ],
  [
    'two paths sharing one path item through $ref',
    (doc) => {
      (doc.paths as Record<string, unknown>)['/animals/{petId}'] = { $ref: '#/paths/~1pets~1{petId}' };
    },
  ],
];

const summary = (list: Diagnostic[]) =>
  list.map((d) => `${d.code} ${d.path} ${d.message}`).sort((a, b) => a.localeCompare(b));

describe('validate on JSON text finds what it finds on the same object', () => {
  it.each(cases)('%s', (_name, change) => {
    const doc = base();
    change(doc);
    const fromObject = validate({ spec: structuredClone(doc) });
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
      const fromText = validate({ spec: text });
      expect(summary(fromText.errors)).toEqual(summary(fromObject.errors));
      expect(summary(fromText.warnings)).toEqual(summary(fromObject.warnings));
      expect(fromText.counts).toEqual(fromObject.counts);
      for (const diagnostic of [...fromText.errors, ...fromText.warnings]) {
        expect(diagnostic.line).toBeGreaterThan(0);
      }
    }
  });

  it('still reports a duplicate key when the reference walk counted the keys', () => {
    const text = '{"openapi":"3.0.3","info":{"title":"A","version":"1","title":"B"},"paths":{}}';
    const result = validate({ spec: text });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_DUPLICATE_KEY', path: '/info/title', line: 1 }),
    ]);
  });

  it('reports a document nested too deeply to check, from text as from an object', () => {
    const depth = 20_000;
    const deep = `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;
    const text = JSON.stringify(base()).replace('"Pet":', `"Deep":${deep},"Pet":`);
    const fromText = validate({ spec: text });
    expect(fromText.errors.map((d) => d.code)).toContain('SPEC_TOO_DEEP');
    const doc = JSON.parse(text);
    expect(validate({ spec: doc }).errors.map((d) => d.code)).toContain('SPEC_TOO_DEEP');
  });
});
