import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedCli, measureNodeModules, type PackedInstall } from './testing/install-packed-cli.js';

// The CLI as a user gets it: packed as the release packs it, installed with npm alone into an
// empty folder (the workspace packages are bundled into it; nothing else is published yet), and
// run from there. Needs the build (`npm test` builds first).
const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAX_INSTALL_BYTES = 15 * 1024 * 1024;

let dir: string;
let installed: PackedInstall;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-packed-cli-'));
  installed = installPackedCli(dir);
  for (const name of ['petstore.yaml', 'petstore-v2.yaml'])
    copyFileSync(join(EXAMPLES, name), join(installed.project, name));
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function svc(args: readonly string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const result = spawnSync(installed.bin, args, { cwd: installed.project, encoding: 'utf8', env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the packed @svc/cli installed with npm into an empty folder', () => {
  it('puts nothing but svc into node_modules/.bin', () => {
    expect(readdirSync(join(installed.project, 'node_modules', '.bin'))).toEqual(['svc']);
  });

  it('installs one package within 15 MB: no typescript, MCP SDK or PDF stack', () => {
    const { bytes, packages } = measureNodeModules(join(installed.project, 'node_modules'));
    console.info(
      `@svc/cli install: ${(bytes / 1024 / 1024).toFixed(2)} MB, ${packages.length} package(s): ${packages.join(', ')}`,
    );
    expect(packages).toEqual(['@svc/cli']);
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
  });

  it('prints the version of its package.json', () => {
    const manifest = JSON.parse(
      readFileSync(join(installed.project, 'node_modules', '@svc', 'cli', 'package.json'), 'utf8'),
    ) as { version: string; dependencies?: object };
    expect(manifest.dependencies).toBeUndefined();
    expect(svc(['--version'])).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
  });

  it('validates a spec with svc spec validate', () => {
    expect(svc(['spec', 'validate', 'petstore.yaml', '--strict'])).toMatchObject({
      code: 0,
      stdout: '✓ petstore.yaml is valid OpenAPI 3.0 (4 paths, 7 operations)\n',
    });
  });

  it('compares two versions with svc spec diff and fails on breaking changes', () => {
    const run = svc(['spec', 'diff', 'petstore.yaml', 'petstore-v2.yaml', '--fail-on', 'error']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✗ 4 breaking changes, 0 warnings, 5 infos');
    const markdown = svc(['spec', 'diff', 'petstore.yaml', 'petstore-v2.yaml', '--format', 'markdown']);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('operation-removed');
  });

  it('runs an lmx script in its bundled sandbox worker', () => {
    const run = spawnSync(installed.bin, ['lmx', 'run', '-', '--mode', 'lmy'], {
      cwd: installed.project,
      encoding: 'utf8',
      input: 'a: 2\nb: a * 3\n',
    });
    expect(run).toMatchObject({ status: 0, stdout: 'a: 2\nb: 6\n' });
  });

  it('names the optional packages to install when a heavy feature lacks them (exit 2)', () => {
    expect(svc(['activity', 'generate', 'sudoku', '--seed', 'a', '-o', 'page.json']).code).toBe(0);
    const book = svc(['activity', 'book', 'page.json', '--title', 'T', '-o', 'book.pdf']);
    expect(book.code).toBe(2);
    expect(book.stderr).toContain(
      'svc activity book: PDF books need pdf-lib, @pdf-lib/fontkit and dejavu-fonts-ttf, optional dependencies',
    );
    expect(book.stderr).toContain(
      'npm install pdf-lib@1.17.1 @pdf-lib/fontkit@^1.1.1 dejavu-fonts-ttf@2.37.3',
    );
    const mcp = svc(['mcp', '--site', '.']);
    expect(mcp.code).toBe(2);
    expect(mcp.stderr).toContain(
      'svc mcp: MCP tools need @modelcontextprotocol/server, an optional dependency',
    );
    // The API pages of this repository's docs need the TypeScript compiler, which the install lacks.
    const docs = spawnSync(installed.bin, ['docs', 'build', '-o', join(dir, 'site')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(docs.status).toBe(2);
    expect(docs.stderr).toContain(
      "svc docs build: API reference pages need typescript, an optional dependency of @svc/cli that is not installed. Install it beside @svc/cli: npm install 'typescript@>=5.0.0'",
    );
  });
});
