import type { Readable } from 'node:stream';

/** A stored file being read: its bytes as a stream and its size (the `content-length` of a download). */
export interface StoredFileStream {
  body: Readable;
  size: number | undefined;
}

/**
 * Where the server keeps generated files (exported book PDFs). Keys are relative, `/`-separated
 * names such as `activity-books/<bookId>/<jobId>.pdf`; every adapter refuses keys outside
 * {@link FILE_KEY_PATTERN} (no `..`, no absolute paths, no backslashes) with a TypeError, so a key
 * built from user input can never reach outside the store.
 *
 * Contract (checked by `file-storage.test.ts` against every adapter): `put` replaces atomically —
 * a reader sees the old bytes or the new ones, never a partial file; `get` of a missing key is
 * `undefined`; `delete` of a missing key is a no-op; `list(prefix)` answers every stored key
 * under the folder `prefix` (a safe key), sorted, and `[]` when there is none.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  /**
   * The bytes of `key` as a stream with its size in bytes (downloads), `undefined` when missing;
   * the caller must consume or destroy `body`.
   */
  stream(key: string): Promise<StoredFileStream | undefined>;
  delete(key: string): Promise<void>;
  /** The keys under the folder `prefix`, e.g. `list('activity-books')` (the start-up sweep reads them). */
  list(prefix: string): Promise<string[]>;
}

/**
 * One to four segments of letters, digits, `.`, `_` and `-`, each starting with a letter or
 * digit (so never `.` or `..`), at most 255 characters in all.
 */
export const FILE_KEY_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,3}$/;

/**
 * Throws a TypeError unless `key` is a safe storage key ({@link FILE_KEY_PATTERN}).
 *
 * @example
 * assertFileKey('activity-books/b1/j1.pdf'); // ok
 * assertFileKey('../etc/passwd'); // throws
 */
export function assertFileKey(key: string): void {
  if (typeof key !== 'string' || key.length > 255 || !FILE_KEY_PATTERN.test(key) || key.includes('..')) {
    throw new TypeError(`Unsafe file key ${JSON.stringify(String(key).slice(0, 80))}.`);
  }
}
