import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryFileStorage } from '../testing/memory-file-storage.js';
import { assertFileKey, type FileStorage } from './file-storage.js';
import { createLocalFileStorage } from './local-file-storage.js';

const base = mkdtempSync(join(tmpdir(), 'svc-files-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const UNSAFE_KEYS = [
  '',
  '../outside.pdf',
  'a/../../outside.pdf',
  'a/../b.pdf',
  '/etc/passwd',
  'a//b.pdf',
  'a/b/',
  '.hidden',
  'a/./b',
  'a\\..\\b',
  'C:\\x',
  'a/b/c/d/e.pdf',
  'spaces are bad',
  'nul\u0000byte',
  `${'x'.repeat(129)}`,
  'a..b/c',
];

const adapters: [string, () => FileStorage][] = [
  ['memory', () => createMemoryFileStorage()],
  ['local disk', () => createLocalFileStorage({ root: mkdtempSync(join(base, 'root-')) })],
];

describe.each(adapters)('file storage contract: %s', (_name, create) => {
  it('streams the stored bytes and answers undefined for a missing key', async () => {
    const storage = create();
    await storage.put('activity-books/b9/j1.pdf', new TextEncoder().encode('%PDF-stream'));
    const stream = await storage.stream('activity-books/b9/j1.pdf');
    expect(stream?.size).toBe(11);
    expect(stream && (await text(stream.body))).toBe('%PDF-stream');
    expect(await storage.stream('activity-books/b9/none.pdf')).toBeUndefined();
  });

  it('stores, replaces, reads and deletes bytes by key', async () => {
    const storage = create();
    const bytes = new Uint8Array([37, 80, 68, 70, 45]);
    await storage.put('activity-books/b1/j1.pdf', bytes);
    bytes[0] = 0; // the store keeps its own copy
    expect(await storage.get('activity-books/b1/j1.pdf')).toEqual(new Uint8Array([37, 80, 68, 70, 45]));
    await storage.put('activity-books/b1/j1.pdf', new Uint8Array([1, 2]));
    expect(await storage.get('activity-books/b1/j1.pdf')).toEqual(new Uint8Array([1, 2]));
    await storage.delete('activity-books/b1/j1.pdf');
    expect(await storage.get('activity-books/b1/j1.pdf')).toBeUndefined();
    await storage.delete('activity-books/b1/j1.pdf');
    expect(await storage.get('never/written.pdf')).toBeUndefined();
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j for every operation', async (key) => {
    const storage = create();
    await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(TypeError);
    await expect(storage.get(key)).rejects.toThrow(TypeError);
    await expect(storage.delete(key)).rejects.toThrow(TypeError);
    await expect(storage.list(key)).rejects.toThrow(TypeError);
  });

  it('lists the keys under a folder, sorted, and none for a folder never written', async () => {
    const storage = create();
    expect(await storage.list('activity-books')).toEqual([]);
    for (const key of [
      'activity-books/b2/j3.pdf',
      'activity-books/b1/j1.pdf',
      'activity-books/b1/j2.pdf',
      'other/x.pdf',
    ]) {
      await storage.put(key, new Uint8Array([1]));
    }
    expect(await storage.list('activity-books')).toEqual([
      'activity-books/b1/j1.pdf',
      'activity-books/b1/j2.pdf',
      'activity-books/b2/j3.pdf',
    ]);
    expect(await storage.list('activity-books/b1')).toEqual([
      'activity-books/b1/j1.pdf',
      'activity-books/b1/j2.pdf',
    ]);
    await storage.delete('activity-books/b1/j1.pdf');
    expect(await storage.list('activity-books/b1')).toEqual(['activity-books/b1/j2.pdf']);
  });
});

describe('local disk file storage', () => {
  it('writes under its root only, creating directories on the first write', async () => {
    const root = join(base, 'lazy', 'files');
    const storage = createLocalFileStorage({ root });
    expect(existsSync(root)).toBe(false);
    await storage.put('activity-books/b2/j2.pdf', new Uint8Array([9]));
    expect(readFileSync(join(root, 'activity-books', 'b2', 'j2.pdf'))).toEqual(Buffer.from([9]));
    await expect(storage.put('../escape.pdf', new Uint8Array([1]))).rejects.toThrow(TypeError);
    expect(existsSync(join(base, 'lazy', 'escape.pdf'))).toBe(false);
  });

  it('replaces atomically: no temporary file is left, and readers never see a partial file', async () => {
    const root = join(base, 'atomic');
    const storage = createLocalFileStorage({ root });
    const big = new Uint8Array(4 * 1024 * 1024).fill(7);
    const small = new Uint8Array(1024).fill(3);
    await storage.put('k/file.pdf', small);
    const reads: number[] = [];
    await Promise.all([
      storage.put('k/file.pdf', big),
      ...Array.from({ length: 20 }, async () => reads.push((await storage.get('k/file.pdf'))?.length ?? -1)),
    ]);
    expect(reads.every((length) => length === small.length || length === big.length)).toBe(true);
    expect(readdirSync(join(root, 'k'))).toEqual(['file.pdf']);
  });

  it('leaves no temporary file when a write fails', async () => {
    const root = join(base, 'failing');
    const storage = createLocalFileStorage({ root });
    await storage.put('dir/a.pdf', new Uint8Array([1]));
    // A directory where the file should go makes the rename fail.
    await storage.put('dir/b.pdf/inner.pdf', new Uint8Array([1]));
    await expect(storage.put('dir/b.pdf', new Uint8Array([2]))).rejects.toThrow();
    expect(readdirSync(join(root, 'dir')).sort()).toEqual(['a.pdf', 'b.pdf']);
  });
});

describe('file keys', () => {
  it('accepts the keys the server builds', () => {
    expect(() =>
      assertFileKey('activity-books/3f1c9b1e-0000-4000-8000-000000000000/job_1.pdf'),
    ).not.toThrow();
  });
});
