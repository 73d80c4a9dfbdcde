import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { SiteStore } from '../ports/site-store.js';

/**
 * A site store over a built site's folder. Paths that would leave the folder read as missing.
 *
 * @example
 * const reader = await loadDocsReader(createFileSiteStore('/var/lib/svc/docs-site'));
 */
export function createFileSiteStore(dir: string): SiteStore {
  const root = resolve(dir);
  return {
    async readText(path) {
      const full = resolve(join(root, ...path.replace(/^\/+/, '').split('/')));
      if (full !== root && !full.startsWith(root + sep)) return undefined;
      try {
        return await readFile(full, 'utf8');
      } catch (error) {
        if (
          (error as NodeJS.ErrnoException).code === 'ENOENT' ||
          (error as NodeJS.ErrnoException).code === 'EISDIR'
        )
          return undefined;
        throw error;
      }
    },
  };
}
