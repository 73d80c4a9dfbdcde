import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_DOCS } from '@svc/docs-reader/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/run-in-process.js';

const work = mkdtempSync(join(tmpdir(), 'svc-docs-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeFolder(dir: string, files: Record<string, string | Uint8Array>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function readTree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, readTree(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(full).toString('base64');
  }
  return out;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      GIT_AUTHOR_DATE: '2026-01-02T03:04:05Z',
      GIT_COMMITTER_DATE: '2026-01-02T03:04:05Z',
    },
  }).trim();

describe('svc docs build --source', () => {
  const source = writeFolder(join(work, 'fixture'), SAMPLE_DOCS as Record<string, string | Uint8Array>);

  it('builds byte-identical sites from the same folder, stamped from SOURCE_DATE_EPOCH when not in git', async () => {
    const env = { SOURCE_DATE_EPOCH: '1767225600' };
    const first = await runInProcess(['docs', 'build', '--source', source, '-o', join(work, 'a')], { env });
    const second = await runInProcess(['docs', 'build', '--source', source, '-o', join(work, 'b')], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /✓ built 4 pages \(\d+ files\) into .*a — commit unversioned, built at 2026-01-01T00:00:00.000Z/,
    );
    expect(second.code).toBe(0);
    const treeA = readTree(join(work, 'a'));
    expect(treeA).toEqual(readTree(join(work, 'b')));
    for (const path of [
      'api.json',
      'llms.txt',
      'llms-full.txt',
      'docs/index.json',
      'docs/graph.json',
      'docs/symbols.json',
    ]) {
      expect(Object.keys(treeA)).toContain(path);
    }
    for (const path of Object.keys(treeA).filter((name) => name.endsWith('.json'))) {
      expect(() => JSON.parse(readFileSync(join(work, 'a', path), 'utf8')), path).not.toThrow();
    }
  });

  it('records the folder’s git commit and its date, not the time of the build', async () => {
    const repo = writeFolder(join(work, 'repo'), SAMPLE_DOCS as Record<string, string | Uint8Array>);
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'docs');
    const head = git(repo, 'rev-parse', 'HEAD');
    const run = await runInProcess(['docs', 'build', '--source', repo, '-o', join(work, 'git-site')]);
    expect(run.code, run.stderr).toBe(0);
    const page = JSON.parse(readFileSync(join(work, 'git-site/docs/reference/limits.json'), 'utf8'));
    expect(page.provenance).toEqual({
      sourcePath: 'repo/reference/limits.md',
      commit: head,
      builtAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('fails with exit 1 and each broken link’s location', async () => {
    const broken = writeFolder(join(work, 'broken'), {
      'index.md': '# Home\n\n[gone](gone.md)\n\n[bad anchor](index.md#nowhere)\n',
    });
    const run = await runInProcess(['docs', 'build', '--source', broken, '-o', join(work, 'never')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('broken/index.md:3: broken link gone.md (no page or file gone)');
    expect(run.stderr).toContain(
      'broken/index.md:5: broken link index.md#nowhere (no heading #nowhere on home)',
    );
  });

  it('reports usage errors with exit 2', async () => {
    expect((await runInProcess(['docs', 'build', '--source', join(work, 'missing')])).code).toBe(2);
    expect((await runInProcess(['docs', 'build', '--built-at', 'yesterday', '--source', source])).code).toBe(
      2,
    );
    expect((await runInProcess(['docs', 'build', 'extra'])).stderr).toContain("unexpected argument 'extra'");
  });
});
