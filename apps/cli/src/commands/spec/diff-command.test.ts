import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PETSTORE, PETSTORE_V2, runInProcess } from '../../testing/run-in-process.js';

describe('svc spec diff', () => {
  it('lists breaking changes first, then removed, added and other changes, and a summary', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, PETSTORE_V2]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const headings = run.stdout.split('\n').filter((line) => /^\S.*\(\d+\)$/.test(line));
    expect(headings.map((line) => line.replace(/ \(\d+\)$/, ''))).toEqual([
      'Breaking changes',
      'Removed operations',
      'Added operations',
      'Other changes',
    ]);
    expect(run.stdout).toContain(
      '  ✗ DELETE /pets/{petId}  operation-removed  Operation DELETE /pets/{petId} was removed.',
    );
    expect(run.stdout).toContain('  + GET /pets/{petId}/photos');
    expect(run.stdout).toContain('  - DELETE /pets/{petId}');
    expect(run.stdout).toMatch(/· GET \/pets {2}new-optional-request-parameter {2}/);
    expect(run.stdout).toMatch(
      /\n✗ \d+ breaking changes?, .*operations: 1 added, 1 removed, \d+ changed\.\n$/,
    );
  });

  it('exits 1 with --fail-on-breaking when something breaks', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, PETSTORE_V2, '--fail-on-breaking']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Breaking changes');
  });

  it('exits 0 with --fail-on-breaking when nothing breaks', async () => {
    const renamed = readFileSync(PETSTORE, 'utf8').replace('summary: List pets', 'summary: List all pets');
    const run = await runInProcess(['spec', 'diff', PETSTORE, '-', '--fail-on-breaking'], { stdin: renamed });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('Breaking changes');
    expect(run.stdout).toContain('Other changes (1)\n  · GET /pets  operation-summary-changed  ');
    expect(run.stdout).toMatch(/\n✓ 0 breaking changes, .*1 changed\.\n$/);
  });

  it('says so when nothing changed', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, PETSTORE, '--fail-on-breaking']);
    expect(run).toEqual({ code: 0, stdout: '✓ No changes to operations.\n', stderr: '' });
  });

  it('prints the diff result as JSON with --json', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, PETSTORE_V2, '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.added).toEqual(['GET /pets/{petId}/photos']);
    expect(result.removed).toEqual(['DELETE /pets/{petId}']);
    expect(result.breaking.length).toBeGreaterThan(0);
    expect(result.errors).toEqual([]);
  });

  it('reads either side from stdin', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, '-', '--json'], {
      stdin: readFileSync(PETSTORE_V2, 'utf8'),
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).removed).toEqual(['DELETE /pets/{petId}']);
  });

  it('exits 2 and names the file when a spec cannot be read as a spec', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, '-'], { stdin: 'just: text\n' });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^<stdin>.* {2}SPEC_VERSION_MISSING {2}New spec: /);
    const broken = await runInProcess(['spec', 'diff', '-', PETSTORE], { stdin: '{ nope' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^<stdin>:1:\d+ {2}SPEC_PARSE_ERROR {2}Old spec: /);
  });

  it('exits 2 when a file is missing', async () => {
    const run = await runInProcess(['spec', 'diff', PETSTORE, 'missing.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot read missing.yaml: no such file');
  });
});
