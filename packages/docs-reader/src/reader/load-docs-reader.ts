import type { CatalogueIndex, SymbolsFile } from '../build/build-catalogue.js';
import { DocsError } from '../errors.js';
import type { SiteStore } from '../ports/site-store.js';
import type { SerializedSearchIndex } from '../search/build-search-index.js';
import type { Page } from '../types.js';
import { createDocsReader, type DocsReader, type DocsReaderOptions } from './create-docs-reader.js';

/**
 * Loads a built site (`docs/index.json`, `docs/symbols.json`, `docs/search-index.json` and every
 * page's `docs/{id}.json`) from a store into a reader. A missing or unreadable file is
 * `DOCS_INVALID_SITE`.
 *
 * @example
 * const reader = await loadDocsReader(createFileSiteStore('/var/lib/svc/docs-site'));
 */
export async function loadDocsReader(store: SiteStore, options: DocsReaderOptions = {}): Promise<DocsReader> {
  const index = await readJson<CatalogueIndex>(store, 'docs/index.json');
  const symbols = await readJson<SymbolsFile>(store, 'docs/symbols.json');
  const searchIndex = await readJson<SerializedSearchIndex>(store, 'docs/search-index.json');
  const pages = await Promise.all(
    index.pages.map((summary) => readJson<Page>(store, `docs/${summary.id}.json`)),
  );
  return createDocsReader(
    { site: index.site, pages, packages: index.packages, symbols: symbols.symbols, searchIndex },
    options,
  );
}

async function readJson<T>(store: SiteStore, path: string): Promise<T> {
  const text = await store.readText(path);
  if (text === undefined)
    throw new DocsError('DOCS_INVALID_SITE', `The built site has no ${path}.`, { details: { path } });
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new DocsError('DOCS_INVALID_SITE', `The built site's ${path} is not JSON.`, {
      cause: error,
      details: { path },
    });
  }
}
