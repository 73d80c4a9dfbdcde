import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SiteFiles } from '../build/site-files.js';

/** The file a reader opens first, and the sign that a folder holds a site: written last. */
const SITE_INDEX = 'docs/index.json';

/**
 * Writes a built site into a folder (created if needed). Page files a previous build listed in
 * its `docs/index.json` and this one no longer has are removed; nothing else is deleted.
 *
 * Each file is written beside its place and renamed over it, so a reader never sees half a
 * file, and `docs/index.json` is written last: a build cut short (a crash, a killed container)
 * leaves a new folder without an index — not a site that looks whole — and an existing site
 * with its previous index.
 *
 * @example
 * await writeSiteFiles('dist/docs-site', (await buildDocsSite(options)).files);
 */
export async function writeSiteFiles(dir: string, files: SiteFiles): Promise<void> {
  const stale = await previousPageFiles(dir);
  const index = files.get(SITE_INDEX);
  for (const [path, content] of files) {
    if (path === SITE_INDEX) continue;
    await writeSiteFile(dir, path, content);
    stale.delete(path);
  }
  if (index !== undefined) await writeSiteFile(dir, SITE_INDEX, index);
  for (const path of stale) await rm(join(dir, ...path.split('/')), { force: true });
}

async function writeSiteFile(dir: string, path: string, content: string | Uint8Array): Promise<void> {
  const full = join(dir, ...path.split('/'));
  await mkdir(dirname(full), { recursive: true });
  const temporary = `${full}.${randomUUID()}.partial`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, full);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
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
