import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageConfig } from '../config/storage-config.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's own fixed credentials (it checks request signatures against them). */
const S3RVER_KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) on loopback, storing into a temporary directory. */
export interface LocalS3 {
  /** `SVC_S3_*` for this server and `bucket`. */
  config(bucket?: string): S3StorageConfig;
  /** The same as environment variables. */
  env(bucket?: string): Record<string, string>;
  endpoint: string;
  /** Stops answering (connections cut) — an outage; `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes the directory. */
  close(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 with the given buckets created.
 *
 * @example
 * const s3 = await startLocalS3(['svc-test']);
 * const storage = createS3FileStorage(s3.config('svc-test'));
 */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'svc-s3rver-'));
  let port = 0;
  let server: S3rverInstance | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket = buckets[0] ?? 'svc-test'): S3StorageConfig => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  });
  return {
    endpoint,
    config,
    env: (bucket = buckets[0] ?? 'svc-test') => ({
      SVC_S3_ENDPOINT: endpoint,
      SVC_S3_BUCKET: bucket,
      SVC_S3_REGION: 'us-east-1',
      SVC_S3_ACCESS_KEY_ID: S3RVER_KEY,
      SVC_S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      SVC_S3_FORCE_PATH_STYLE: 'true',
    }),
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
