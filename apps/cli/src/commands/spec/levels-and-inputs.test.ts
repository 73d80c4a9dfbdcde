import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MULTI_FILE_FIXTURES } from '../../testing/run-bin.js';
import { EXAMPLES_DIR, runInProcess } from '../../testing/run-in-process.js';

const root = mkdtempSync(join(tmpdir(), 'svc-spec-levels-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh directory holding copies of the given fixture projects. */
function project(...fixtures: string[]): string {
  const dir = mkdtempSync(join(root, 'p-'));
  for (const fixture of fixtures)
    cpSync(join(MULTI_FILE_FIXTURES, fixture), join(dir, fixture), { recursive: true });
  return dir;
}

const petstores = () => {
  const dir = mkdtempSync(join(root, 'pets-'));
  cpSync(EXAMPLES_DIR, dir, { recursive: true });
  return dir;
};

describe('svc spec diff --fail-on (oasdiff levels)', () => {
  const dir = petstores();
  const diffAt = (...extra: string[]) =>
    runInProcess(['spec', 'diff', 'petstore.yaml', 'petstore-v2.yaml', ...extra], { cwd: dir });

  it('fails at error when there are breaking changes, and not without --fail-on', async () => {
    expect((await diffAt()).code).toBe(0);
    expect((await diffAt('--fail-on', 'error')).code).toBe(1);
    expect((await diffAt('--fail-on', 'ERR')).code).toBe(1);
    expect((await diffAt('--fail-on-breaking')).code).toBe(1);
  });

  it('fails at info on any change; passes at error once the config turns breaking rules down', async () => {
    writeFileSync(
      join(dir, 'lenient.json'),
      JSON.stringify({
        spec: {
          rules: {
            'operation-removed': 'info',
            'response-property-removed': 'warn',
            'new-required-request-property': 'off',
          },
        },
      }),
    );
    expect((await diffAt('--fail-on', 'error', '--config', 'lenient.json')).code).toBe(0);
    const warn = await diffAt('--fail-on', 'warn', '--config', 'lenient.json', '--json');
    expect(warn.code).toBe(1);
    const result = JSON.parse(warn.stdout);
    expect(result.breaking).toEqual([]);
    expect(
      result.changes.some((change: { id: string }) => change.id === 'new-required-request-property'),
    ).toBe(false);
    expect(result.summary.text).toMatch(/^0 breaking changes, 2 warnings/);
    expect((await diffAt('--fail-on', 'info', '--config', 'lenient.json')).code).toBe(1);
  });

  it('rejects an unknown level with exit 2', async () => {
    const run = await diffAt('--fail-on', 'fatal');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--fail-on must be error, warn or info, not 'fatal'");
  });
});

describe('svc spec validate --max-warnings and the config file', () => {
  it('fails when the warnings exceed --max-warnings, passes at the limit', async () => {
    const dir = project('yaml-nested');
    const at = (max: string) =>
      runInProcess(['spec', 'validate', 'yaml-nested/openapi.yaml', '--strict', '--max-warnings', max], {
        cwd: dir,
      });
    const over = await at('11');
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/too many warnings \(12, at most 11 allowed\)\n$/);
    expect((await at('12')).code).toBe(0);
    expect((await at('ten')).code).toBe(2);
  });

  it('finds .svcrc.yaml upwards from the working directory: rule levels, ignores and maxWarnings', async () => {
    const dir = project('yaml-nested', 'missing-file');
    writeFileSync(
      join(dir, '.svcrc.yaml'),
      'spec:\n  maxWarnings: 0\n  rules:\n    SPEC_STYLE_SUMMARY_MISSING: off\n    SPEC_STYLE_DESCRIPTION_MISSING: off\n    SPEC_STYLE_TAGS_MISSING: info\n    SPEC_STYLE_NO_SERVERS: error\n    SPEC_STYLE_INFO_DESCRIPTION_MISSING: off\n    SPEC_STYLE_INFO_CONTACT_MISSING: off\n    SPEC_STYLE_LICENSE_MISSING: off\n    SPEC_STYLE_NO_4XX_RESPONSE: off\n    SPEC_REF_FILE_UNREADABLE: warn\n',
    );
    const nested = join(dir, 'yaml-nested');
    const run = await runInProcess(['spec', 'validate', 'openapi.yaml', '--strict', '--format', 'json'], {
      cwd: nested,
    });
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.errors.map((error: { code: string }) => error.code)).toEqual(['SPEC_STYLE_NO_SERVERS']);
    expect(result.warnings).toEqual([]);
    expect(result.infos.map((info: { code: string }) => info.code)).toEqual([
      'SPEC_STYLE_TAGS_MISSING',
      'SPEC_STYLE_TAGS_MISSING',
    ]);
    // A missing file turned down to a warning: then maxWarnings 0 still fails the run.
    const missing = await runInProcess(['spec', 'validate', 'missing-file/openapi.yaml'], { cwd: dir });
    expect(missing.stdout).toMatch(/warning {2}SPEC_REF_FILE_UNREADABLE/);
    expect(missing.code).toBe(1);
  });

  it('prefers svc.config.json in a nearer directory, and --config over both', async () => {
    const dir = project('yaml-nested');
    writeFileSync(join(dir, '.svcrc.yaml'), 'spec:\n  rules:\n    SPEC_STYLE_NO_SERVERS: error\n');
    writeFileSync(
      join(dir, 'yaml-nested', 'svc.config.json'),
      '{ "spec": { "rules": { "SPEC_STYLE_NO_SERVERS": "off" } } }',
    );
    const nested = join(dir, 'yaml-nested');
    expect((await runInProcess(['spec', 'validate', 'openapi.yaml', '--strict'], { cwd: nested })).code).toBe(
      0,
    );
    const explicit = await runInProcess(
      ['spec', 'validate', 'openapi.yaml', '--strict', '--config', '../.svcrc.yaml'],
      {
        cwd: nested,
      },
    );
    expect(explicit.code).toBe(1);
  });

  it('refuses a config with an unknown key or level, naming it, with exit 2', async () => {
    const dir = project('yaml-nested');
    writeFileSync(join(dir, 'bad.json'), '{ "spec": { "rules": { "SPEC_X": "fatal" } } }');
    const bad = await runInProcess(['spec', 'validate', 'yaml-nested/openapi.yaml', '--config', 'bad.json'], {
      cwd: dir,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('spec.rules.SPEC_X must be one of error, warn, info, off');
    writeFileSync(join(dir, 'typo.json'), '{ "spec": { "maxWarning": 1 } }');
    const typo = await runInProcess(
      ['spec', 'validate', 'yaml-nested/openapi.yaml', '--config', 'typo.json'],
      { cwd: dir },
    );
    expect(typo.stderr).toContain('unknown key "spec.maxWarning"');
    writeFileSync(
      join(dir, '.svcrc.yaml'),
      'spec:\n  rules:\n    SPEC_STYLE_NOPE: off\n    SPEC_PATH_IDENTICLA: warn\n',
    );
    const misspelt = await runInProcess(['spec', 'validate', 'yaml-nested/openapi.yaml'], { cwd: dir });
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain(
      'unknown rule "SPEC_STYLE_NOPE" in spec.rules; the nearest rule id is "SPEC_',
    );
    writeFileSync(join(dir, '.svcrc.yaml'), 'spec:\n  rules:\n    SPEC_PATH_IDENTICLA: warn\n');
    const near = await runInProcess(['spec', 'validate', 'yaml-nested/openapi.yaml'], { cwd: dir });
    expect(near.stderr).toContain('the nearest rule id is "SPEC_PATH_IDENTICAL"');
    const none = await runInProcess(
      ['spec', 'validate', 'yaml-nested/openapi.yaml', '--config', 'nope.json'],
      { cwd: dir },
    );
    expect(none.code).toBe(2);
  });
});

describe('several inputs in one run', () => {
  it('validates several files and quoted globs, one summary per file and a total', async () => {
    const dir = project('yaml-nested', 'json-nested', 'missing-file');
    const run = await runInProcess(['spec', 'validate', '*/openapi.{json,yaml}'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter((line) => /^[✓✗] /.test(line))).toEqual([
      '✓ json-nested/openapi.json is valid OpenAPI 3.1 (1 path, 1 operation)',
      '✗ missing-file/openapi.yaml is invalid: 1 error',
      '✓ yaml-nested/openapi.yaml is valid OpenAPI 3.0 (2 paths, 2 operations)',
      '✗ 1 of 3 files invalid: 1 error, 0 warnings',
    ]);
    const json = JSON.parse(
      (await runInProcess(['spec', 'validate', '**/openapi.yaml', '--json'], { cwd: dir })).stdout,
    );
    expect(json.valid).toBe(false);
    expect(json.files.map((file: { file: string }) => file.file)).toEqual([
      'missing-file/openapi.yaml',
      'yaml-nested/openapi.yaml',
    ]);
  });

  it('fails with exit 2 when a glob matches nothing', async () => {
    const run = await runInProcess(['spec', 'validate', 'specs/*.yaml'], { cwd: project('yaml-nested') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no file matches specs/*.yaml');
  });
});

describe('svc spec diff git:<rev>:<path>', () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });

  it('reads the old side, and the files it references, from a git revision', async () => {
    const dir = mkdtempSync(join(root, 'git-'));
    cpSync(join(MULTI_FILE_FIXTURES, 'breaking', 'v1'), join(dir, 'api'), { recursive: true });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'v1');
    // The working tree moves on: a breaking change inside the referenced schema file.
    cpSync(join(MULTI_FILE_FIXTURES, 'breaking', 'v2'), join(dir, 'api'), { recursive: true });
    const run = await runInProcess(
      ['spec', 'diff', 'git:HEAD:api/openapi.yaml', 'api/openapi.yaml', '--fail-on', 'error'],
      {
        cwd: dir,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('response-property-removed');
    expect(run.stdout).toContain('(api/schemas/pet.yaml#/properties/name)');
    // Same revision on both sides: nothing changed.
    const same = await runInProcess(
      ['spec', 'diff', 'git:HEAD:api/openapi.yaml', 'git:HEAD:api/openapi.yaml'],
      { cwd: dir },
    );
    expect(same.stdout).toContain('No changes');
    // A name git cannot resolve is an I/O error, exit 2; a shell metacharacter is only a name.
    mkdirSync(join(dir, 'x'));
    const bad = await runInProcess(
      ['spec', 'diff', 'git:no-such-rev;touch x/pwned:api/openapi.yaml', 'api/openapi.yaml'],
      {
        cwd: dir,
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cannot read git:no-such-rev;touch x\/pwned:api\/openapi\.yaml: /);
  });
});

describe('svc spec validate --generate-ignore-file', () => {
  it('writes every current finding; later runs fail only on new findings', async () => {
    const dir = project('yaml-nested');
    const args = ['spec', 'validate', 'yaml-nested/openapi.yaml', '--strict', '--max-warnings', '0'];
    expect((await runInProcess(args, { cwd: dir })).code).toBe(1);
    const generated = await runInProcess([...args, '--generate-ignore-file'], { cwd: dir });
    expect(generated.code).toBe(0);
    expect(generated.stdout).toBe('wrote 12 findings to .svc-lint-ignore.yaml\n');
    const ignoreText = readFileSync(join(dir, '.svc-lint-ignore.yaml'), 'utf8');
    expect(ignoreText).toContain(
      "yaml-nested/openapi.yaml:\n  SPEC_STYLE_DESCRIPTION_MISSING:\n    - '#/paths/~1pets~1{petId}/get'",
    );
    // Every finding is known: the run passes even with --max-warnings 0.
    const clean = await runInProcess(args, { cwd: dir });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('(12 known findings ignored, as .svc-lint-ignore.yaml lists)');
    // A new mistake is reported, and only it.
    const spec = join(dir, 'yaml-nested', 'openapi.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('paths:', 'security: [{ nope: [] }]\npaths:'));
    const later = await runInProcess([...args, '--format', 'json'], { cwd: dir });
    expect(later.code).toBe(1);
    expect(JSON.parse(later.stdout).errors.map((error: { code: string }) => error.code)).toEqual([
      'SPEC_SECURITY_SCHEME_UNDEFINED',
    ]);
    // --ignore-file names another file; a named file that is missing is an error.
    const named = await runInProcess([...args, '--ignore-file', 'nope.yaml'], { cwd: dir });
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('cannot read ignore file');
  });
});
