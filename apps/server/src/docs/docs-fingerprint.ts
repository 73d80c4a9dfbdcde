import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BuildSiteIntoOptions } from './build-site-into.js';

/** The file beside a site built by the server holding the fingerprint of what it was built from. */
export const FINGERPRINT_FILE = 'svc-docs-fingerprint.txt';
/** Bump when the way a site is built from the same inputs changes outside the hashed sources. */
const FORMAT = 'svc-docs-site/1';

/** Every file under `dir` that `keep` accepts, sorted (no `node_modules`). */
async function listFiles(dir: string, keep: (path: string) => boolean): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...(await listFiles(path, keep)));
    else if (entry.isFile() && keep(path)) found.push(path);
  }
  return found.sort();
}

const isSource = (path: string) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path);

/**
 * The fingerprint of a docs site's inputs: the markdown of `sourceDir`, and for svc's own docs
 * (`repoRoot`) each package's and app's manifest and, with `extractApi`, its TypeScript sources
 * (tests excluded) — what `buildSiteInto` reads. Two builds with one fingerprint serve the same
 * pages (the recorded git commit aside). Reads every input once (about a thousand files).
 *
 * @example
 * const fingerprint = await fingerprintDocsInputs({ sourceDir: '/repo/docs', repoRoot: '/repo', extractApi: true });
 */
export async function fingerprintDocsInputs(options: Omit<BuildSiteIntoOptions, 'siteDir'>): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${FORMAT}\nextractApi=${options.extractApi}\n`);
  const add = async (base: string, files: string[]) => {
    for (const file of files) {
      hash.update(`${relative(base, file)}\0`);
      hash.update(
        createHash('sha256')
          .update(await readFile(file))
          .digest('hex'),
      );
      hash.update('\n');
    }
  };
  await add(options.sourceDir, await listFiles(options.sourceDir, () => true));
  const root = options.repoRoot;
  if (root !== undefined) {
    for (const folder of ['packages', 'apps']) {
      const base = join(root, folder);
      if (!existsSync(base)) continue;
      for (const dir of (await readdir(base)).sort()) {
        const manifest = join(base, dir, 'package.json');
        if (!existsSync(manifest)) continue;
        await add(root, [manifest]);
        if (options.extractApi) await add(root, await listFiles(join(base, dir, 'src'), isSource));
      }
    }
  }
  return hash.digest('hex');
}

/**
 * The fingerprint a site folder was built from ({@link FINGERPRINT_FILE}), or undefined for a
 * folder without one (an operator's or a test's prebuilt site, taken as it is).
 */
export async function readSiteFingerprint(siteDir: string): Promise<string | undefined> {
  try {
    return (await readFile(join(siteDir, FINGERPRINT_FILE), 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}
