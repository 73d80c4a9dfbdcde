import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PackageInfo } from '../types.js';
import { extractApis } from './extract-api.js';

/** Options of {@link readRepoPackages}. */
export interface ReadRepoPackagesOptions {
  /** The monorepo root (holding `packages/` and `apps/`). */
  root: string;
  /** Only packages whose name starts with this (`@svc/`); every package by default. */
  scope?: string;
  /** The docs folder, to find each package's folder of pages (`docs/gate` for `packages/gate`, `docs/dreamer` for `dreamer-core`). */
  docsDir?: string;
  /** Extract each package's API from `src/index.ts` (needs `typescript`); true by default. */
  extractApi?: boolean;
}

/**
 * The packages (`packages/*`, layer `library`) and apps (`apps/*`, layer `app`) of a monorepo
 * with their `@svc/*` dependencies and, where `src/index.ts` exists, their extracted API.
 *
 * @example
 * const packages = await readRepoPackages({ root: '/repo', scope: '@svc/', docsDir: '/repo/docs' });
 */
export async function readRepoPackages(options: ReadRepoPackagesOptions): Promise<PackageInfo[]> {
  const found: PackageInfo[] = [];
  for (const [folder, layer] of [
    ['packages', 'library'],
    ['apps', 'app'],
  ] as const) {
    const base = join(options.root, folder);
    if (!existsSync(base)) continue;
    for (const dir of (await readdir(base)).sort()) {
      const manifestPath = join(base, dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
      const name = typeof manifest.name === 'string' ? manifest.name : dir;
      if (options.scope && !name.startsWith(options.scope)) continue;
      const dependencies = Object.keys({
        ...(manifest.dependencies as Record<string, string> | undefined),
        ...(manifest.peerDependencies as Record<string, string> | undefined),
      });
      const docsFolder = [dir, dir.replace(/-core$/, '')].find(
        (candidate) =>
          options.docsDir &&
          (existsSync(join(options.docsDir, candidate)) ||
            existsSync(join(options.docsDir, `${candidate}.md`))),
      );
      found.push({
        name,
        description: typeof manifest.description === 'string' ? manifest.description : '',
        layer,
        path: `${folder}/${dir}`,
        version: typeof manifest.version === 'string' ? manifest.version : '0.0.0',
        private: manifest.private === true,
        dependsOn: dependencies
          .filter((dependency) => !options.scope || dependency.startsWith(options.scope))
          .sort(),
        ...(docsFolder ? { docsFolder } : {}),
      });
    }
  }
  if (options.extractApi !== false) {
    const entries = found
      .map((info) => `${info.path}/src/index.ts`)
      .filter((entry) => existsSync(join(options.root, entry)));
    const apis = await extractApis(options.root, entries);
    for (const info of found) {
      const entry = `${info.path}/src/index.ts`;
      const symbols = apis.get(entry);
      if (symbols) info.api = { entry, symbols };
    }
  }
  return found;
}
