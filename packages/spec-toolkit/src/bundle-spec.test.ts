import { describe, expect, it } from 'vitest';
import { fileResolver, fixtureUrl } from '../test/file-resolver.js';
import { bundleSpec } from './bundle-spec.js';
import { diff } from './diff.js';
import { resolveSpec } from './resolve-spec.js';
import { validate } from './validate.js';

const open = (name: string) => resolveSpec({ url: fixtureUrl(name), resolver: fileResolver, name });

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsOf(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsOf(value, out);
    }
  }
  return out;
}

describe('bundleSpec', () => {
  it('internalises a split YAML spec into components, self-contained, valid and unchanged in meaning', async () => {
    const spec = await open('yaml-nested/openapi.yaml');
    const { bundle, errors } = bundleSpec({ spec });
    expect(errors).toEqual([]);
    const components = bundle?.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas ?? {}).sort()).toEqual(['Owner', 'Pet', 'Tag']);
    expect(Object.keys(components.parameters ?? {})).toEqual(['PetId']);
    expect(new Set(refsOf(bundle))).toEqual(
      new Set([
        '#/components/schemas/Pet',
        '#/components/schemas/Tag',
        '#/components/schemas/Owner',
        '#/components/parameters/PetId',
      ]),
    );
    expect(validate({ spec: bundle }).errors).toEqual([]);
    expect(diff({ from: spec, to: bundle }).summary.text).toBe('No changes.');
  });

  it('internalises a cyclic JSON 3.1 spec, naming components after their files', async () => {
    const spec = await open('json-nested/openapi.json');
    const { bundle, errors } = bundleSpec({ spec });
    expect(errors).toEqual([]);
    const components = bundle?.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas ?? {}).sort()).toEqual(['Line', 'Order']);
    expect(Object.keys(components.responses ?? {})).toEqual(['Created']);
    expect(refsOf(bundle).every((ref) => ref.startsWith('#/components/'))).toBe(true);
    expect(validate({ spec: bundle })).toMatchObject({ valid: true, warnings: [] });
    expect(diff({ from: spec, to: bundle }).summary.text).toBe('No changes.');
  });

  it('refuses to bundle a spec with a missing file, saying where', async () => {
    const { bundle, errors } = bundleSpec({ spec: await open('missing-file/openapi.yaml') });
    expect(bundle).toBeUndefined();
    expect(errors).toEqual([expect.objectContaining({ code: 'SPEC_REF_FILE_UNREADABLE', line: 14 })]);
  });

  it('returns a single document as it is', () => {
    const doc = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} };
    expect(bundleSpec({ spec: doc }).bundle).toEqual(doc);
  });
});
