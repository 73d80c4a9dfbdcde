import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DocsSource } from '../ports/docs-source.js';

/**
 * A docs source over a folder: every file below it (dot-files and `node_modules` skipped).
 *
 * @example
 * const source = createFileDocsSource('/repo/docs');
 */
export function createFileDocsSource(dir: string): DocsSource {
  return {
    async list() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          relative(dir, join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
            .split(sep)
            .join('/'),
        )
        .filter((path) => !path.split('/').some((part) => part.startsWith('.') || part === 'node_modules'));
    },
    async read(path) {
      return new Uint8Array(await readFile(join(dir, ...path.split('/'))));
    },
  };
}
