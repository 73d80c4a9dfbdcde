/**
 * Where a reader loads a built site from (the files `buildDocsSite` produced). Backed by a
 * directory (`createFileSiteStore` in `@svc/docs-reader/node`) or by the build's own output
 * in memory (`createMemorySiteStore`).
 *
 * Contract: `readText` returns a file's UTF-8 text by its site path (`docs/index.json`), or
 * undefined when there is no such file.
 */
export interface SiteStore {
  readText(path: string): Promise<string | undefined>;
}
