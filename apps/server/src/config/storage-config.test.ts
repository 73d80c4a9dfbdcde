import { describe, expect, it } from 'vitest';
import { readDocExample } from '../testing/doc-examples.js';
import { ConfigError, loadConfig } from './server-config.js';
import { describeS3Config, readS3StorageConfig } from './storage-config.js';

const full = {
  SVC_S3_ENDPOINT: 'http://127.0.0.1:9000',
  SVC_S3_BUCKET: 'svc-files',
  SVC_S3_REGION: 'eu-central-1',
  SVC_S3_ACCESS_KEY_ID: 'key-id',
  SVC_S3_SECRET_ACCESS_KEY: 'very-secret-value',
  SVC_S3_FORCE_PATH_STYLE: 'true',
};

function read(env: Record<string, string>) {
  const problems: string[] = [];
  return { config: readS3StorageConfig(env, problems), problems };
}

describe('SVC_S3_* configuration', () => {
  it('is undefined without any SVC_S3_* variable (files stay on the local disk)', () => {
    expect(read({})).toEqual({ config: undefined, problems: [] });
    expect(loadConfig({ NODE_ENV: 'test' }).s3).toBeUndefined();
  });

  it('reads a complete configuration', () => {
    expect(read(full)).toEqual({
      config: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'svc-files',
        region: 'eu-central-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'very-secret-value',
        forcePathStyle: true,
      },
      problems: [],
    });
    expect(read({ ...full, SVC_S3_REGION: '', SVC_S3_FORCE_PATH_STYLE: '' }).config).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('refuses a bucket without credentials and credentials without a bucket', () => {
    expect(read({ SVC_S3_BUCKET: 'svc-files' }).problems).toEqual([
      'SVC_S3_BUCKET is set but SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY are not: the bucket needs both credentials.',
    ]);
    expect(read({ SVC_S3_BUCKET: 'svc-files', SVC_S3_ACCESS_KEY_ID: 'id' }).problems).toEqual([
      'SVC_S3_BUCKET is set but SVC_S3_SECRET_ACCESS_KEY is not: the bucket needs both credentials.',
    ]);
    expect(read({ SVC_S3_ACCESS_KEY_ID: 'id', SVC_S3_SECRET_ACCESS_KEY: 'secret' }).problems).toEqual([
      'SVC_S3_BUCKET is required when any SVC_S3_* variable is set (set: SVC_S3_ACCESS_KEY_ID, SVC_S3_SECRET_ACCESS_KEY).',
    ]);
  });

  it('refuses a bad bucket name, endpoint, region and path-style flag, without echoing the secret', () => {
    const { problems } = read({
      ...full,
      SVC_S3_BUCKET: 'Bad_Bucket',
      SVC_S3_ENDPOINT: 'ftp://user:pw@host',
      SVC_S3_REGION: 'EU CENTRAL',
      SVC_S3_FORCE_PATH_STYLE: 'maybe',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/SVC_S3_BUCKET must be/);
    expect(problems.join('\n')).toMatch(/SVC_S3_ENDPOINT must be an http/);
    expect(problems.join('\n')).toMatch(/SVC_S3_REGION must look like/);
    expect(problems.join('\n')).toMatch(/SVC_S3_FORCE_PATH_STYLE must be true or false/);
    expect(problems.join('\n')).not.toMatch(/very-secret-value|pw@/);
  });

  it('stops loadConfig with a ConfigError and describes a config without secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SVC_S3_BUCKET: 'svc-files' })).toThrow(ConfigError);
    const config = read(full).config;
    if (!config) throw new Error('expected a configuration');
    const described = JSON.stringify(describeS3Config(config));
    expect(described).not.toMatch(/very-secret-value|key-id/);
    expect(described).toMatch(/svc-files/);
  });

  it('accepts the example of docs/deploy/scale-out.md', () => {
    const env = Object.fromEntries(
      readDocExample('deploy/scale-out.md', 's3-env')
        .split('\n')
        .map((line) => line.split('=', 2) as [string, string]),
    );
    expect(loadConfig({ NODE_ENV: 'test', ...env }).s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'svc-files',
      region: 'us-east-1',
      accessKeyId: 'svc',
      secretAccessKey: 'change-me-to-the-real-secret',
      forcePathStyle: true,
    });
  });
});
