import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../testing/local-s3.js';
import { createS3FileStorage, type S3FileStorage } from './s3-file-storage.js';

let s3: LocalS3;
let storage: S3FileStorage;
const fast = { maxAttempts: 1, connectionTimeoutMs: 1000, requestTimeoutMs: 5000 };

beforeAll(async () => {
  s3 = await startLocalS3(['svc-files']);
  storage = createS3FileStorage(s3.config('svc-files'), fast);
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

describe('S3 file storage (s3rver on loopback)', () => {
  it('passes the start check on an existing bucket', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('puts, replaces, reads, streams and deletes an object', async () => {
    const key = 'activity-books/b1/j1.pdf';
    await storage.put(key, new TextEncoder().encode('%PDF-first'));
    await storage.put(key, new TextEncoder().encode('%PDF-second'));
    expect(new TextDecoder().decode(await storage.get(key))).toBe('%PDF-second');
    const stream = await storage.stream(key);
    expect(stream?.size).toBe(11);
    expect(stream && (await text(stream.body))).toBe('%PDF-second');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.stream(key)).toBeUndefined();
  });

  it('answers undefined for a missing object and ignores deleting one', async () => {
    expect(await storage.get('activity-books/none/none.pdf')).toBeUndefined();
    expect(await storage.stream('activity-books/none/none.pdf')).toBeUndefined();
    await expect(storage.delete('activity-books/none/none.pdf')).resolves.toBeUndefined();
  });

  it('lists the keys under a folder, sorted, and nothing outside it', async () => {
    await storage.put('activity-books/b2/j2.pdf', new Uint8Array([1]));
    await storage.put('activity-books/b2/j1.pdf', new Uint8Array([2]));
    await storage.put('activity-books-other/x.pdf', new Uint8Array([3]));
    expect(await storage.list('activity-books')).toEqual([
      'activity-books/b2/j1.pdf',
      'activity-books/b2/j2.pdf',
    ]);
    expect(await storage.list('nothing-here')).toEqual([]);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.put('../escape.pdf', new Uint8Array([1]))).rejects.toBeInstanceOf(TypeError);
    await expect(storage.get('a/../../b')).rejects.toBeInstanceOf(TypeError);
  });

  it('names a missing bucket, refused credentials and an unreachable endpoint at the start check', async () => {
    const missing = createS3FileStorage(s3.config('no-such-bucket'), fast);
    await expect(missing.check()).rejects.toThrow(/bucket "no-such-bucket" does not exist/);
    missing.close();
    // s3rver checks the key id of V4 signatures, not the signature itself: an unknown key id is refused.
    const wrong = createS3FileStorage(
      { ...s3.config('svc-files'), accessKeyId: 'UNKNOWNKEY', secretAccessKey: 'wrong-secret' },
      fast,
    );
    const refusal = await wrong.check().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refusal?.message).toMatch(
      /refused SVC_S3_ACCESS_KEY_ID\/SVC_S3_SECRET_ACCESS_KEY for the bucket "svc-files" \(HTTP 403\)/,
    );
    expect(refusal?.message).not.toMatch(/wrong-secret|UNKNOWNKEY/);
    wrong.close();
    // Port 1 on loopback: nothing listens there.
    const nowhere = createS3FileStorage({ ...s3.config('svc-files'), endpoint: 'http://127.0.0.1:1' }, fast);
    await expect(nowhere.check()).rejects.toThrow(/could not be reached/);
    nowhere.close();
  });

  it('answers ACT_STORAGE_UNAVAILABLE during an outage and works again when S3 returns', async () => {
    await storage.put('activity-books/b3/j1.pdf', new Uint8Array([7]));
    await s3.stop();
    try {
      for (const attempt of [
        () => storage.get('activity-books/b3/j1.pdf'),
        () => storage.stream('activity-books/b3/j1.pdf'),
        () => storage.put('activity-books/b3/j2.pdf', new Uint8Array([8])),
        () => storage.delete('activity-books/b3/j1.pdf'),
        () => storage.list('activity-books'),
      ]) {
        await expect(attempt()).rejects.toMatchObject({
          name: 'ServerError',
          code: 'ACT_STORAGE_UNAVAILABLE',
        });
      }
    } finally {
      await s3.start();
    }
    expect(await storage.get('activity-books/b3/j1.pdf')).toEqual(new Uint8Array([7]));
  });
});
