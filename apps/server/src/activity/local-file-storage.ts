import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertFileKey, type FileStorage } from './file-storage.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * A {@link FileStorage} on the local disk under `root` (the server uses `<SVC_DATA_DIR>/files`).
 * Keys are checked twice: by pattern, then by resolving the path and requiring it to stay under
 * `root`. Writes go to a temporary file in the same directory, are flushed, then renamed over the
 * target, so a crash mid-write never leaves a truncated PDF under a real key. Directories are
 * created on the first write, so a server that never stores a file never creates them.
 *
 * @example
 * const storage = createLocalFileStorage({ root: join(config.dataDir, 'files') });
 * await storage.put('activity-books/b1/j1.pdf', pdfBytes);
 */
export function createLocalFileStorage(options: { root: string }): FileStorage {
  const root = resolve(options.root);
  const pathOf = (key: string): string => {
    assertFileKey(key);
    const path = resolve(join(root, ...key.split('/')));
    if (!path.startsWith(root + sep)) throw new TypeError(`File key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async stream(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        try {
          const { size } = await handle.stat();
          return { body: handle.createReadStream(), size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const folder = pathOf(prefix);
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          relative(root, join(entry.parentPath ?? entry.path, entry.name))
            .split(sep)
            .join('/'),
        )
        .sort();
    },
  };
}
