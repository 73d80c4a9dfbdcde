import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config/storage-config.js';
import { ServerError } from '../errors/server-error.js';
import { assertFileKey, type FileStorage } from './file-storage.js';

/** An S3 adapter: the {@link FileStorage} contract plus the start check and `close`. */
export interface S3FileStorage extends FileStorage {
  /**
   * HeadBucket: resolves when the bucket exists and the credentials may use it; rejects with an
   * `Error` naming the cause (unreachable endpoint, refused credentials, missing bucket) otherwise.
   */
  check(): Promise<void>;
  /** Closes the client's sockets. */
  close(): void;
}

interface AwsLikeError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as AwsLikeError | undefined)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as AwsLikeError | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

function unavailable(operation: string, error: unknown): ServerError {
  return new ServerError(
    'ACT_STORAGE_UNAVAILABLE',
    `The file storage is unavailable (${operation} failed); try again later.`,
    { cause: error },
  );
}

/**
 * A {@link FileStorage} in an S3-compatible bucket (AWS S3, MinIO, Ceph, …), so several server
 * instances see the same exported files. Keys are checked like every adapter's and used as
 * object keys unchanged. A put is one PutObject (S3 replaces objects atomically); `get` and
 * `stream` of a missing object are `undefined`; any other failure (endpoint down, credentials
 * refused, timeout) is a `ServerError` `ACT_STORAGE_UNAVAILABLE` (503), never a crash. Requests
 * give up after `requestTimeoutMs` (30 s) with one retry, so an outage does not hold requests.
 *
 * @example
 * const storage = createS3FileStorage(config.s3);
 * await storage.check(); // at start: a missing bucket or bad credentials stop the server here
 * await storage.put('activity-books/b1/j1.pdf', pdfBytes);
 */
export function createS3FileStorage(
  config: S3StorageConfig,
  options: { connectionTimeoutMs?: number; requestTimeoutMs?: number; maxAttempts?: number } = {},
): S3FileStorage {
  // The SDK (about 70 ms to load) is loaded on the first call, so a server without SVC_S3_*
  // never pays for it and one with it pays once, at the start check.
  type Sdk = typeof import('@aws-sdk/client-s3');
  let opened: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  let client: S3Client | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => {
      client = new sdk.S3Client({
        region: config.region,
        ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        maxAttempts: options.maxAttempts ?? 2,
        requestHandler: {
          connectionTimeout: options.connectionTimeoutMs ?? 5000,
          requestTimeout: options.requestTimeoutMs ?? 30_000,
        },
      });
      return { sdk, client };
    }));
  const Bucket = config.bucket;
  const read = async (key: string, operation: string) => {
    assertFileKey(key);
    try {
      const s3 = await open();
      const answer = await s3.client.send(new s3.sdk.GetObjectCommand({ Bucket, Key: key }));
      return answer.Body === undefined ? undefined : { body: answer.Body, size: answer.ContentLength };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unavailable(operation, error);
    }
  };
  return {
    async put(key, bytes) {
      assertFileKey(key);
      try {
        const s3 = await open();
        await s3.client.send(
          new s3.sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
            ContentType: key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
          }),
        );
      } catch (error) {
        throw unavailable('put', error);
      }
    },
    async get(key) {
      const found = await read(key, 'get');
      if (found === undefined) return undefined;
      try {
        return await found.body.transformToByteArray();
      } catch (error) {
        throw unavailable('get', error);
      }
    },
    async stream(key) {
      const found = await read(key, 'get');
      if (found === undefined) return undefined;
      // On Node the SDK's body is the response stream itself (an IncomingMessage).
      if (found.body instanceof Readable) return { body: found.body, size: found.size };
      const bytes = await found.body.transformToByteArray();
      return { body: Readable.from([Buffer.from(bytes)]), size: bytes.length };
    },
    async delete(key) {
      assertFileKey(key);
      try {
        const s3 = await open();
        await s3.client.send(new s3.sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable('delete', error);
      }
    },
    async list(prefix) {
      assertFileKey(prefix);
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        const s3 = await open();
        do {
          const page = await s3.client.send(
            new s3.sdk.ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }),
          );
          for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        throw unavailable('list', error);
      }
      return keys.sort();
    },
    async check() {
      try {
        const s3 = await open();
        await s3.client.send(new s3.sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const where = config.endpoint ?? `AWS S3 (${config.region})`;
        if (status === 404 || (error as AwsLikeError).name === 'NotFound') {
          throw new Error(
            `The bucket "${Bucket}" does not exist at ${where} (SVC_S3_BUCKET): create it first.`,
            {
              cause: error,
            },
          );
        }
        if (status === 403 || status === 401) {
          throw new Error(
            `${where} refused SVC_S3_ACCESS_KEY_ID/SVC_S3_SECRET_ACCESS_KEY for the bucket "${Bucket}" (HTTP ${status}).`,
            { cause: error },
          );
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `The object storage at ${where} (SVC_S3_ENDPOINT) could not be reached for the bucket "${Bucket}": ${reason}`,
          { cause: error },
        );
      }
    },
    close() {
      client?.destroy();
    },
  };
}
