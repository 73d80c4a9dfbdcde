import { join } from 'node:path';
import { buildDocsFolder, readRepoPackages, writeSiteFiles } from '@svc/docs-reader/node';

/** What {@link buildSiteInto} builds: a docs folder (and, for svc's repository, its packages' API) into a site folder. */
export interface BuildSiteIntoOptions {
  siteDir: string;
  sourceDir: string;
  /** The svc repository, when the source is its `docs/`: adds an API page per `@svc/*` package. */
  repoRoot?: string;
  extractApi: boolean;
}

/**
 * Builds a docs site into a folder; the number of pages.
 *
 * @example
 * await buildSiteInto({ siteDir: '/data/docs-site', sourceDir: '/repo/docs', repoRoot: '/repo', extractApi: true });
 */
export async function buildSiteInto(options: BuildSiteIntoOptions): Promise<{ pages: number }> {
  const packages =
    options.repoRoot === undefined
      ? []
      : await readRepoPackages({
          root: options.repoRoot,
          scope: '@svc/',
          docsDir: options.sourceDir ?? join(options.repoRoot, 'docs'),
          extractApi: options.extractApi,
        });
  const built = await buildDocsFolder({
    sourceDir: options.sourceDir,
    packages,
    ...(options.repoRoot ? { sourceRoot: 'docs' } : {}),
  });
  await writeSiteFiles(options.siteDir, built.files);
  return { pages: built.pages.length };
}
