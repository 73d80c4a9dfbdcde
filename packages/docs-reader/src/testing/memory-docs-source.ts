import type { DocsSource } from '../ports/docs-source.js';

/**
 * A docs source over a map of paths to texts (or bytes), for tests and in-memory builds.
 *
 * @example
 * const source = createMemoryDocsSource({ 'index.md': '# Home', 'guide/start.md': '# Start' });
 */
export function createMemoryDocsSource(files: Record<string, string | Uint8Array>): DocsSource {
  const encoder = new TextEncoder();
  return {
    async list() {
      return Object.keys(files);
    },
    async read(path) {
      const content = files[path];
      if (content === undefined) throw new Error(`No file ${path} in the memory docs source`);
      return typeof content === 'string' ? encoder.encode(content) : content;
    },
  };
}
