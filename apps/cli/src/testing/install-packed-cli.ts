import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI_DIR = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A fresh project with the packed `@svc/cli` installed from its tarball, as a user gets it. */
export interface PackedInstall {
  tarball: string;
  project: string;
  /** `node_modules/.bin/svc` of the project. */
  bin: string;
}

function runOrThrow(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

/**
 * Packs the built CLI as the release does (`pnpm pack`, the step `changeset publish` runs;
 * build first), then `npm install <tarball>` into `<dir>/project` with npm and the public
 * registry only. `--prefer-offline` reuses npm's cache; the tarball has no dependencies, so
 * nothing is fetched.
 *
 * @example
 * const { bin, project } = installPackedCli(await mkdtemp(join(tmpdir(), 'svc-cli-')));
 */
export function installPackedCli(dir: string): PackedInstall {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { packageManager } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    packageManager: string;
  };
  runOrThrow(npx, ['-y', packageManager, 'pack', '--pack-destination', dir], CLI_DIR);
  const name = readdirSync(dir).find((file) => file.endsWith('.tgz'));
  if (name === undefined) throw new Error(`pnpm pack wrote no tarball into ${dir}`);
  const tarball = join(dir, name);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "svc-install-check", "private": true }\n');
  runOrThrow(
    npm,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
    project,
  );
  return { tarball, project, bin: join(project, 'node_modules', '.bin', 'svc') };
}

/**
 * What an install put on disk: bytes of every file under `node_modules` (apparent size, links
 * not followed) and the packages in it, nested ones included.
 *
 * @example
 * measureNodeModules(join(project, 'node_modules')); // { bytes: 1_480_000, packages: ['@svc/cli'] }
 */
export function measureNodeModules(nodeModules: string): { bytes: number; packages: string[] } {
  const packages: string[] = [];
  let bytes = 0;
  // `holdsPackages`: `dir` is a node_modules folder or a scope (`@svc`) in one.
  const walk = (dir: string, holdsPackages: boolean): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (!entry.isDirectory()) bytes += lstatSync(path).size;
      else if (entry.name === 'node_modules') walk(path, true);
      else if (holdsPackages && entry.name.startsWith('@')) walk(path, true);
      else {
        if (holdsPackages && !entry.name.startsWith('.')) packages.push(path.slice(nodeModules.length + 1));
        walk(path, false);
      }
    }
  };
  walk(nodeModules, true);
  return { bytes, packages: packages.sort() };
}
