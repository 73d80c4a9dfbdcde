import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MULTI_FILE_FIXTURES, runBin } from '../../testing/run-bin.js';

const inFixtures = (args: readonly string[], input?: string) =>
  runBin(args, { cwd: MULTI_FILE_FIXTURES, ...(input === undefined ? {} : { input }) });

describe('svc spec on specs split into files (the built binary)', () => {
  it('validates nested and cyclic YAML references with exit 0', () => {
    const run = inFixtures(['spec', 'validate', 'yaml-nested/openapi.yaml']);
    expect(run).toEqual({
      code: 0,
      stdout: '✓ yaml-nested/openapi.yaml is valid OpenAPI 3.0 (2 paths, 2 operations)\n',
      stderr: '',
    });
  });

  it('validates nested JSON references of a 3.1 spec with exit 0', () => {
    const run = inFixtures(['spec', 'validate', 'json-nested/openapi.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/is valid OpenAPI 3\.1/);
  });

  it('fails on a missing referenced file, located at the $ref, exit 1', () => {
    const run = inFixtures(['spec', 'validate', 'missing-file/openapi.yaml']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'missing-file/openapi.yaml:14:17  SPEC_REF_FILE_UNREADABLE  "./schemas/thing.yaml" cannot be read: no such file.\n' +
        '✗ missing-file/openapi.yaml is invalid: 1 error\n',
    );
  });

  it('names the referenced file an error is in, with its line', () => {
    const run = inFixtures(['spec', 'validate', 'error-in-file/openapi.yaml']);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^error-in-file\/schemas\/responses\.yaml:6:9 {2}SPEC_SCHEMA_ENUM {2}/),
      expect.stringMatching(/^error-in-file\/schemas\/responses\.yaml:9:13 {2}SPEC_REF_DANGLING {2}/),
    ]);
  });

  it('resolves references of a spec read from stdin against the working directory', () => {
    const text = readFileSync(`${MULTI_FILE_FIXTURES}yaml-nested/openapi.yaml`, 'utf8').replaceAll(
      './',
      './yaml-nested/',
    );
    const run = inFixtures(['spec', 'validate', '-'], text);
    expect(run.stdout).toBe('✓ <stdin> is valid OpenAPI 3.0 (2 paths, 2 operations)\n');
  });

  it('reports a breaking change inside a referenced file and fails with --fail-on-breaking', () => {
    const run = inFixtures([
      'spec',
      'diff',
      'breaking/v1/openapi.yaml',
      'breaking/v2/openapi.yaml',
      '--fail-on-breaking',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'GET /pets/{petId}  response-property-type-changed  Response property "id" type changed from integer to string.  (breaking/v2/schemas/pet.yaml#/properties/id)',
    );
    expect(run.stdout).toContain('(breaking/v1/schemas/pet.yaml#/properties/name)');
    const json = JSON.parse(
      inFixtures(['spec', 'diff', 'breaking/v1/openapi.yaml', 'breaking/v2/openapi.yaml', '--json']).stdout,
    );
    expect(json.breaking[0]).toMatchObject({
      file: 'breaking/v2/schemas/pet.yaml',
      location: '/properties/id',
    });
  });

  it('refuses to diff when a referenced file is missing, exit 2', () => {
    const run = inFixtures(['spec', 'diff', 'missing-file/openapi.yaml', 'yaml-nested/openapi.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^missing-file\/openapi\.yaml:14:17 {2}SPEC_REF_FILE_UNREADABLE {2}Old spec: /,
    );
  });

  it('lists the endpoints of a split spec', () => {
    const run = inFixtures(['spec', 'endpoints', 'yaml-nested/openapi.yaml', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).endpoints.map((e: { path: string }) => e.path)).toEqual([
      '/pets',
      '/pets/{petId}',
    ]);
  });
});
