import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type DocsReader, loadDocsReader } from '@svc/docs-reader';
import { createFileSiteStore } from '@svc/docs-reader/node';
import type { FastifyBaseLogger } from 'fastify';
import { type BuildSiteIntoOptions, buildSiteInto } from './build-site-into.js';
import { findServerRepoRoot, writeSiteFingerprint } from './docs-bundled-site.js';
import { fingerprintDocsInputs, readSiteFingerprint } from './docs-fingerprint.js';

/** Where the docs site comes from. */
export interface DocsSiteOptions {
  /** The built site's folder (`<SVC_DATA_DIR>/docs-site` by default). */
  siteDir: string;
  /** The markdown to build from when the site is absent; svc's own `docs/` when this server runs from the repository. */
  sourceDir?: string;
  /** Add API pages from the repository's packages when building svc's own docs (needs `typescript`); true by default. */
  extractApi?: boolean;
  /** The site is known to match its inputs (the bundled site, just checked): loaded without checking again. */
  current?: boolean;
}

/**
 * Opens the docs site: loads it from `siteDir`, building it there first when its
 * `docs/index.json` is absent — from `sourceDir`, else from svc's own docs (with API pages)
 * when this server runs from the repository — or when the site was built by a server from
 * inputs that changed since (its fingerprint, `docs-fingerprint.ts`). Undefined when there is
 * neither site nor source.
 *
 * @example
 * const reader = await openDocsSite({ siteDir: '/var/lib/svc/docs-site' }, app.log);
 */
export async function openDocsSite(
  options: DocsSiteOptions,
  log: FastifyBaseLogger,
  workers: Set<Worker> = new Set(),
): Promise<DocsReader | undefined> {
  const siteDir = resolve(options.siteDir);
  const root = options.sourceDir ? undefined : findServerRepoRoot();
  const sourceDir = options.sourceDir ?? (root ? join(root, 'docs') : undefined);
  const inputs =
    sourceDir && existsSync(sourceDir)
      ? { sourceDir, extractApi: options.extractApi !== false, ...(root ? { repoRoot: root } : {}) }
      : undefined;
  const present = existsSync(join(siteDir, 'docs', 'index.json'));
  // A site the server built records what from; one whose inputs changed since is built again.
  // A site without that record (prebuilt by an operator or a test) is served as it is.
  const stored = present && !options.current ? await readSiteFingerprint(siteDir) : undefined;
  const stale =
    stored !== undefined && inputs !== undefined && stored !== (await fingerprintDocsInputs(inputs));
  if (!present || stale) {
    if (!inputs) {
      log.warn({ siteDir }, 'no docs site and no docs source: the docs routes answer 503');
      return undefined;
    }
    const started = Date.now();
    const { pages } = await buildInWorker({ siteDir, ...inputs }, workers);
    await writeSiteFingerprint(siteDir, inputs);
    log.info(
      { siteDir, sourceDir: inputs.sourceDir, pages, ms: Date.now() - started, rebuilt: stale },
      'docs site built',
    );
  } else {
    log.info({ siteDir }, 'docs site opened');
  }
  return loadDocsReader(createFileSiteStore(siteDir));
}

/**
 * Builds in a worker thread when the server runs from its build (`dist/docs-build-worker.js`
 * beside it), so the TypeScript extraction never blocks requests; in-process when running from
 * sources (tests). The worker is tracked in `workers` so closing the server can stop it.
 */
async function buildInWorker(
  options: BuildSiteIntoOptions,
  workers: Set<Worker>,
): Promise<{ pages: number }> {
  const script = new URL('./docs-build-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) return buildSiteInto(options);
  const worker = new Worker(script, { workerData: options });
  workers.add(worker);
  try {
    return await new Promise((resolvePages, reject) => {
      worker.once('message', (message: { ok: boolean; pages?: number; message?: string }) =>
        message.ok ? resolvePages({ pages: message.pages ?? 0 }) : reject(new Error(message.message)),
      );
      worker.once('error', reject);
      worker.once('exit', (code: number) =>
        reject(new Error(`the docs build worker stopped (exit ${code})`)),
      );
    });
  } finally {
    workers.delete(worker);
    await worker.terminate();
  }
}

/**
 * Whether a build can run off the main thread: true when the server runs from its build, where
 * `docs-build-worker.js` sits beside it; false when running from sources (tests).
 */
export function canBuildInBackground(): boolean {
  return existsSync(fileURLToPath(new URL('./docs-build-worker.js', import.meta.url)));
}
