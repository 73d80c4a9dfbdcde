import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { MULTI_FILE_FIXTURES, runBin } from '../../testing/run-bin.js';

const out = mkdtempSync(join(tmpdir(), 'svc-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const inFixtures = (args: string[]) => runBin(args, { cwd: MULTI_FILE_FIXTURES });

describe('svc spec bundle (the built binary)', () => {
  it('writes one self-contained YAML file that validates and diffs as equal to the split spec', () => {
    const file = join(out, 'bundled.yaml');
    const run = inFixtures(['spec', 'bundle', 'yaml-nested/openapi.yaml', '-o', file]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`✓ wrote ${file} (5 files bundled)\n`);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/\$ref: .*\.yaml/);
    const doc = loadYaml(text) as { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Owner', 'Pet', 'Tag']);
    expect(inFixtures(['spec', 'validate', file]).code).toBe(0);
    const same = inFixtures(['spec', 'diff', 'yaml-nested/openapi.yaml', file, '--fail-on', 'info']);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No changes');
  });

  it('writes JSON to stdout for a cyclic JSON spec', () => {
    const run = inFixtures(['spec', 'bundle', 'json-nested/openapi.json']);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Line', 'Order']);
    expect(run.stdout).not.toMatch(/"\$ref": "[^#]/);
  });

  it('exits 1 and writes nothing when a referenced file is missing', () => {
    const file = join(out, 'missing.json');
    const run = inFixtures(['spec', 'bundle', 'missing-file/openapi.yaml', '-o', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('missing-file/openapi.yaml:14:17  SPEC_REF_FILE_UNREADABLE');
    expect(() => readFileSync(file)).toThrow();
  });
});
