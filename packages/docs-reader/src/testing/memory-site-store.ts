import type { SiteFiles } from '../build/site-files.js';
import type { SiteStore } from '../ports/site-store.js';

/**
 * A site store over a build's files in memory (`buildDocsSite(...).files`).
 *
 * @example
 * const reader = await loadDocsReader(createMemorySiteStore((await buildDocsSite(options)).files));
 */
export function createMemorySiteStore(files: SiteFiles): SiteStore {
  const decoder = new TextDecoder();
  return {
    async readText(path) {
      const content = files.get(path.replace(/^\/+/, ''));
      if (content === undefined) return undefined;
      return typeof content === 'string' ? content : decoder.decode(content);
    },
  };
}
