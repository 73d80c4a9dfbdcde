import { resolve } from 'node:path';
import { type BuiltDocsSite, buildDocsSite } from '../build/build-site.js';
import type { Components } from '../build/components.js';
import type { PackageInfo } from '../types.js';
import { createFileDocsSource } from './file-docs-source.js';
import { readGitRevision } from './read-git-revision.js';

/** Options of {@link buildDocsFolder}. */
export interface BuildDocsFolderOptions {
  /** The markdown folder. */
  sourceDir: string;
  /** What provenance calls that folder (`docs`); its base name by default. */
  sourceRoot?: string;
  packages?: readonly PackageInfo[];
  components?: Partial<Components>;
  /** Overrides; otherwise the folder's git commit and that commit's date, else `SOURCE_DATE_EPOCH`, else `unversioned` / the epoch. */
  commit?: string;
  builtAt?: string;
  /** Read by the fallback above (`SOURCE_DATE_EPOCH`, seconds); callers pass their environment. */
  env?: Readonly<Record<string, string | undefined>>;
  baseUrl?: string;
  name?: string;
}

/**
 * Builds a site from a folder of markdown on disk. `commit` and `builtAt` come from the input,
 * never from the clock: the options, else the folder's last git commit (hash and commit date),
 * else `SOURCE_DATE_EPOCH` (reproducible-builds convention) and `unversioned`, else the epoch.
 *
 * @example
 * const { files } = await buildDocsFolder({ sourceDir: '/repo/docs', sourceRoot: 'docs' });
 */
export async function buildDocsFolder(options: BuildDocsFolderOptions): Promise<BuiltDocsSite> {
  const dir = resolve(options.sourceDir);
  const revision = options.commit && options.builtAt ? undefined : await readGitRevision(dir);
  const epoch = options.env?.SOURCE_DATE_EPOCH;
  const epochDate = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000).toISOString() : undefined;
  return buildDocsSite({
    source: createFileDocsSource(dir),
    sourceRoot: options.sourceRoot ?? dir.split(/[\\/]/).pop() ?? 'docs',
    commit: options.commit ?? revision?.commit ?? 'unversioned',
    builtAt: options.builtAt ?? revision?.date ?? epochDate ?? new Date(0).toISOString(),
    ...(options.packages ? { packages: options.packages } : {}),
    ...(options.components ? { components: options.components } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.name !== undefined ? { name: options.name } : {}),
  });
}
