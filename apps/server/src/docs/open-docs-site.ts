import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocsReader, loadDocsReader } from '@svc/docs-reader';
import {
  buildDocsFolder,
  createFileSiteStore,
  readRepoPackages,
  writeSiteFiles,
} from '@svc/docs-reader/node';
import type { FastifyBaseLogger } from 'fastify';

/** Where the docs site comes from. */
export interface DocsSiteOptions {
  /** The built site's folder (`<SVC_DATA_DIR>/docs-site` by default). */
  siteDir: string;
  /** The markdown to build from when the site is absent; svc's own `docs/` when this server runs from the repository. */
  sourceDir?: string;
  /** Add API pages from the repository's packages when building svc's own docs (needs `typescript`); true by default. */
  extractApi?: boolean;
}

/**
 * The repository this server runs from (the folder above `apps/server` holding `docs/` and
 * `packages/`), or undefined for an installed server.
 */
export function findServerRepoRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    if (existsSync(join(dir, 'docs')) && existsSync(join(dir, 'packages'))) return dir;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * Opens the docs site: loads it from `siteDir`, building it there first when its
 * `docs/index.json` is absent — from `sourceDir`, else from svc's own docs (with API pages)
 * when this server runs from the repository. Undefined when there is neither site nor source.
 *
 * @example
 * const reader = await openDocsSite({ siteDir: '/var/lib/svc/docs-site' }, app.log);
 */
export async function openDocsSite(
  options: DocsSiteOptions,
  log: FastifyBaseLogger,
): Promise<DocsReader | undefined> {
  const siteDir = resolve(options.siteDir);
  if (!existsSync(join(siteDir, 'docs', 'index.json'))) {
    const root = options.sourceDir ? undefined : findServerRepoRoot();
    const sourceDir = options.sourceDir ?? (root ? join(root, 'docs') : undefined);
    if (!sourceDir || !existsSync(sourceDir)) {
      log.warn({ siteDir }, 'no docs site and no docs source: the docs routes answer 503');
      return undefined;
    }
    const started = Date.now();
    const packages =
      root === undefined
        ? []
        : await readRepoPackages({
            root,
            scope: '@svc/',
            docsDir: sourceDir,
            extractApi: options.extractApi !== false,
          });
    const built = await buildDocsFolder({ sourceDir, packages, ...(root ? { sourceRoot: 'docs' } : {}) });
    await writeSiteFiles(siteDir, built.files);
    log.info({ siteDir, sourceDir, pages: built.pages.length, ms: Date.now() - started }, 'docs site built');
  }
  return loadDocsReader(createFileSiteStore(siteDir));
}
