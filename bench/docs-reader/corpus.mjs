// The corpus every engine indexes: svc's own docs and API pages, split into sections exactly as
// @svc/docs-reader indexes them, so all engines see the same documents.
import { fileURLToPath } from 'node:url';
import { buildDocsSite, toIndexableSections } from '@svc/docs-reader';
import { createFileDocsSource, readRepoPackages } from '@svc/docs-reader/node';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the corpus once: the packages (API extraction is slow and measured apart), the site,
 * and the sections.
 */
export async function loadCorpus({ api = true } = {}) {
  const started = performance.now();
  const packages = await readRepoPackages({
    root: ROOT,
    scope: '@svc/',
    docsDir: `${ROOT}docs`,
    extractApi: api,
  });
  const extractMs = performance.now() - started;
  const options = {
    source: createFileDocsSource(`${ROOT}docs`),
    sourceRoot: 'docs',
    commit: 'bench',
    builtAt: '2026-01-01T00:00:00.000Z',
    packages,
  };
  const site = await buildDocsSite(options);
  const sections = site.pages.flatMap(toIndexableSections);
  return { options, site, sections, extractMs };
}

/** A section as a plain document for MiniSearch and Orama (same fields, same text). */
export function toPeerDocument(section, id) {
  return {
    id: String(id),
    pageId: section.pageId,
    anchor: section.anchor,
    title: section.pageTitle,
    heading: section.heading,
    symbols: section.symbols.join(' '),
    text: section.text,
  };
}
