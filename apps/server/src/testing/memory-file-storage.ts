import { Readable } from 'node:stream';
import { assertFileKey, type FileStorage } from '../activity/file-storage.js';

/**
 * A {@link FileStorage} in memory, for tests and throwaway servers. Stores copies, so callers
 * may reuse their buffers.
 *
 * @example
 * const storage = createMemoryFileStorage();
 * await storage.put('a/b.pdf', bytes);
 */
export function createMemoryFileStorage(): FileStorage & { keys(): string[] } {
  const files = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      assertFileKey(key);
      files.set(key, bytes.slice());
    },
    async get(key) {
      assertFileKey(key);
      return files.get(key)?.slice();
    },
    async stream(key) {
      assertFileKey(key);
      const bytes = files.get(key);
      return bytes === undefined
        ? undefined
        : { body: Readable.from([Buffer.from(bytes)]), size: bytes.length };
    },
    async delete(key) {
      assertFileKey(key);
      files.delete(key);
    },
    async list(prefix) {
      assertFileKey(prefix);
      return [...files.keys()].filter((key) => key.startsWith(`${prefix}/`)).sort();
    },
    keys() {
      return [...files.keys()].sort();
    },
  };
}
