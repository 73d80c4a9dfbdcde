import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PETSTORE, runInProcess } from '../../testing/run-in-process.js';

const BROKEN = `openapi: 3.0.3
info:
  title: Broken
paths:
  /pets/{id}:
    get:
      operationId: getPet
      responses:
        '200':
          $ref: '#/components/responses/Missing'
`;

describe('svc spec validate', () => {
  it('passes the bundled pet store even in strict mode, with a success line', async () => {
    const run = await runInProcess(['spec', 'validate', PETSTORE, '--strict']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`✓ ${PETSTORE} is valid OpenAPI 3.0 (4 paths, 7 operations)\n`);
    expect(run.stderr).toBe('');
  });

  it('prints one file:line:col line per error and a summary, and exits 1', async () => {
    const run = await runInProcess(['spec', 'validate', '-'], { stdin: BROKEN });
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      '<stdin>:2:1  SPEC_INFO_VERSION_MISSING  "info" has no "version".',
      expect.stringMatching(/^<stdin>:6:5 {2}SPEC_PATH_PARAM_UNDECLARED {2}/),
      expect.stringMatching(/^<stdin>:10:11 {2}SPEC_REF_DANGLING {2}/),
      '✗ <stdin> is invalid: 3 errors',
    ]);
  });

  it('marks warnings and counts them in the summary in strict mode', async () => {
    const run = await runInProcess(['spec', 'validate', '-', '--strict'], { stdin: BROKEN });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>:1:1 {2}warning {2}SPEC_STYLE_NO_SERVERS {2}/m);
    expect(run.stdout).toMatch(/✗ <stdin> is invalid: 3 errors, \d+ warnings\n$/);
  });

  it('still exits 0 for a valid spec with warnings', async () => {
    const spec = 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths: {}\n';
    const run = await runInProcess(['spec', 'validate', '-', '--strict'], { stdin: spec });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/warning {2}SPEC_STYLE_NO_SERVERS/);
    expect(run.stdout).toMatch(/✓ <stdin> is valid OpenAPI 3\.0 \(0 paths, 0 operations\), 4 warnings\n$/);
  });

  it('prints the validate result as parseable JSON with --json', async () => {
    const run = await runInProcess(['spec', 'validate', '-', '--json'], { stdin: BROKEN });
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toEqual({
      code: 'SPEC_INFO_VERSION_MISSING',
      message: '"info" has no "version".',
      path: '/info',
      file: '<stdin>',
      line: 2,
      column: 1,
    });
    expect(result.counts).toMatchObject({ errors: 3, paths: 1, operations: 1 });
  });

  it('reports text that is not JSON or YAML as invalid, with its position', async () => {
    const run = await runInProcess(['spec', 'validate', '-'], { stdin: '{\n  "openapi": \n' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>:\d+:\d+ {2}SPEC_PARSE_ERROR {2}Invalid JSON/);
  });

  it('resolves relative files against the working directory', async () => {
    const run = await runInProcess(['spec', 'validate', 'petstore.yaml'], {
      cwd: PETSTORE.slice(0, -'petstore.yaml'.length),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^✓ petstore\.yaml is valid/);
  });

  it('exits 2 with a message when the file cannot be read', async () => {
    const run = await runInProcess(['spec', 'validate', 'no-such-file.yaml']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('svc spec validate: cannot read no-such-file.yaml: no such file\n');
  });

  it('writes no colour codes when stdout is not a terminal, and colours a terminal', async () => {
    const plain = await runInProcess(['spec', 'validate', '-'], { stdin: BROKEN });
    expect(plain.stdout).not.toContain('\u001b[');
    const tty = await runInProcess(['spec', 'validate', '-'], { stdin: BROKEN, tty: true });
    expect(tty.stdout).toContain('\u001b[31mSPEC_INFO_VERSION_MISSING\u001b[39m');
    const noColor = await runInProcess(['spec', 'validate', '-'], {
      stdin: BROKEN,
      tty: true,
      env: { NO_COLOR: '1' },
    });
    expect(noColor.stdout).not.toContain('\u001b[');
    const forced = await runInProcess(['spec', 'validate', '-'], {
      stdin: BROKEN,
      env: { FORCE_COLOR: '1' },
    });
    expect(forced.stdout).toContain('\u001b[');
  });

  it('reads a valid spec from stdin', async () => {
    const run = await runInProcess(['spec', 'validate', '-', '--json'], {
      stdin: readFileSync(PETSTORE, 'utf8'),
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ valid: true, errors: [], warnings: [] });
  });
});
