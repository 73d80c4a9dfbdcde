import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SiteFiles } from '../build/site-files.js';

/**
 * Writes a built site into a folder (created if needed). Page files a previous build listed in
 * its `docs/index.json` and this one no longer has are removed; nothing else is deleted.
 *
 * @example
 * await writeSiteFiles('dist/docs-site', (await buildDocsSite(options)).files);
 */
export async function writeSiteFiles(dir: string, files: SiteFiles): Promise<void> {
  const stale = await previousPageFiles(dir);
  for (const [path, content] of files) {
    const full = join(dir, ...path.split('/'));
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
    stale.delete(path);
  }
  for (const path of stale) await rm(join(dir, ...path.split('/')), { force: true });
}

async function previousPageFiles(dir: string): Promise<Set<string>> {
  try {
    const index = JSON.parse(await readFile(join(dir, 'docs', 'index.json'), 'utf8')) as {
      pages?: Array<{ id?: unknown }>;
    };
    const ids = (index.pages ?? [])
      .map((page) => page.id)
      .filter((id): id is string => typeof id === 'string');
    return new Set(ids.flatMap((id) => [`docs/${id}.md`, `docs/${id}.json`]));
  } catch {
    return new Set();
  }
}
