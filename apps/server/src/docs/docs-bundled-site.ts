import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildSiteIntoOptions } from './build-site-into.js';
import { FINGERPRINT_FILE, fingerprintDocsInputs, readSiteFingerprint } from './docs-fingerprint.js';

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
 * Where the server package's build puts svc's docs site: `dist/docs-site`, beside the bundle
 * (from sources, a folder that does not exist).
 */
export const BUNDLED_SITE_DIR = fileURLToPath(new URL('./docs-site', import.meta.url));

/** What svc's own docs site is built from when the server runs from the repository; undefined for an installed server. */
export function readRepoDocsInputs(extractApi = true): Omit<BuildSiteIntoOptions, 'siteDir'> | undefined {
  const root = findServerRepoRoot();
  if (!root || !existsSync(join(root, 'docs'))) return undefined;
  return { sourceDir: join(root, 'docs'), repoRoot: root, extractApi };
}

/**
 * The site folder a server serves when none is configured: an operator's own site copied to
 * `<dataDir>/docs-site` (one without a fingerprint); else the one built with the server package
 * ({@link BUNDLED_SITE_DIR}) when it exists and — running from the repository — its fingerprint
 * matches the docs and sources as they are now; otherwise `<dataDir>/docs-site`,
 * built there at start as before (a corpus configured differently: `sourceDir` or
 * `extractApi: false`; docs edited since the build).
 *
 * @example
 * const siteDir = await chooseSiteDir({ dataDir: './data' });
 */
export async function chooseSiteDir(options: {
  dataDir: string;
  sourceDir?: string | undefined;
  extractApi?: boolean | undefined;
}): Promise<{ siteDir: string; bundled: boolean }> {
  const fallback = { siteDir: join(options.dataDir, 'docs-site'), bundled: false };
  if (options.sourceDir !== undefined || options.extractApi === false) return fallback;
  // An operator's own site copied there (no fingerprint: not built by a server) is served as it is.
  const own = fallback.siteDir;
  if (existsSync(join(own, 'docs', 'index.json')) && (await readSiteFingerprint(own)) === undefined)
    return fallback;
  const built = await readSiteFingerprint(BUNDLED_SITE_DIR);
  if (built === undefined || !existsSync(join(BUNDLED_SITE_DIR, 'docs', 'index.json'))) return fallback;
  const inputs = readRepoDocsInputs();
  if (inputs === undefined) return { siteDir: BUNDLED_SITE_DIR, bundled: true };
  return (await fingerprintDocsInputs(inputs)) === built
    ? { siteDir: BUNDLED_SITE_DIR, bundled: true }
    : fallback;
}

/** Writes the fingerprint of `inputs` beside a site just built from them. */
export async function writeSiteFingerprint(
  siteDir: string,
  inputs: Omit<BuildSiteIntoOptions, 'siteDir'>,
): Promise<string> {
  const fingerprint = await fingerprintDocsInputs(inputs);
  await writeFile(join(siteDir, FINGERPRINT_FILE), `${fingerprint}\n`);
  return fingerprint;
}
