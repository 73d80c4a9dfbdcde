/** S3-compatible object storage for generated files (`SVC_S3_*`). */
export interface S3StorageConfig {
  /** `SVC_S3_ENDPOINT`: e.g. `https://s3.eu-central-1.amazonaws.com` or `http://minio:9000`; undefined = AWS default for the region. */
  endpoint: string | undefined;
  /** `SVC_S3_BUCKET`: the bucket, which must exist (checked at start). */
  bucket: string;
  /** `SVC_S3_REGION`: `us-east-1` unless set. */
  region: string;
  /** `SVC_S3_ACCESS_KEY_ID`. */
  accessKeyId: string;
  /** `SVC_S3_SECRET_ACCESS_KEY`: never logged (see {@link describeS3Config}). */
  secretAccessKey: string;
  /** `SVC_S3_FORCE_PATH_STYLE`: `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
}

const S3_VARIABLES = [
  'SVC_S3_ENDPOINT',
  'SVC_S3_BUCKET',
  'SVC_S3_REGION',
  'SVC_S3_ACCESS_KEY_ID',
  'SVC_S3_SECRET_ACCESS_KEY',
  'SVC_S3_FORCE_PATH_STYLE',
] as const;

/** S3 bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_PATTERN = /^[a-z0-9-]{1,40}$/;

/**
 * Reads `SVC_S3_*`; problems are pushed onto `problems`. Undefined when none is set: generated
 * files then stay on the local disk (the embedded default). Any `SVC_S3_*` set without
 * `SVC_S3_BUCKET`, or a bucket without both credentials, is a problem, so a half-written
 * configuration never silently falls back to the local disk.
 *
 * @example
 * readS3StorageConfig({ SVC_S3_BUCKET: 'svc-files', SVC_S3_ACCESS_KEY_ID: 'id', SVC_S3_SECRET_ACCESS_KEY: 'secret' }, problems);
 */
export function readS3StorageConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): S3StorageConfig | undefined {
  const value = (name: (typeof S3_VARIABLES)[number]): string | undefined => env[name]?.trim() || undefined;
  const set = S3_VARIABLES.filter((name) => value(name) !== undefined);
  if (set.length === 0) return undefined;
  const bucket = value('SVC_S3_BUCKET');
  if (bucket === undefined) {
    problems.push(`SVC_S3_BUCKET is required when any SVC_S3_* variable is set (set: ${set.join(', ')}).`);
    return undefined;
  }
  if (!BUCKET_PATTERN.test(bucket)) {
    problems.push(
      `SVC_S3_BUCKET must be 3 to 63 lower-case letters, digits, dots and hyphens, got "${bucket.slice(0, 80)}".`,
    );
  }
  const accessKeyId = value('SVC_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('SVC_S3_SECRET_ACCESS_KEY');
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    const missing = [
      accessKeyId === undefined ? 'SVC_S3_ACCESS_KEY_ID' : undefined,
      secretAccessKey === undefined ? 'SVC_S3_SECRET_ACCESS_KEY' : undefined,
    ].filter(Boolean);
    problems.push(
      `SVC_S3_BUCKET is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not: the bucket needs both credentials.`,
    );
  }
  const endpoint = value('SVC_S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      problems.push(
        'SVC_S3_ENDPOINT must be an http:// or https:// URL without credentials in it (use SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY).',
      );
    }
  }
  const region = value('SVC_S3_REGION') ?? 'us-east-1';
  if (!REGION_PATTERN.test(region))
    problems.push(`SVC_S3_REGION must look like "us-east-1", got "${region.slice(0, 80)}".`);
  const rawPathStyle = (value('SVC_S3_FORCE_PATH_STYLE') ?? 'false').toLowerCase();
  let forcePathStyle = false;
  if (['1', 'true', 'yes', 'on'].includes(rawPathStyle)) forcePathStyle = true;
  else if (!['0', 'false', 'no', 'off'].includes(rawPathStyle)) {
    problems.push(`SVC_S3_FORCE_PATH_STYLE must be true or false, got "${rawPathStyle.slice(0, 20)}".`);
  }
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: accessKeyId ?? '',
    secretAccessKey: secretAccessKey ?? '',
    forcePathStyle,
  };
}

/**
 * The loggable view of an S3 configuration: no secret, no key id.
 *
 * @example
 * app.log.info({ storage: describeS3Config(config.storage) }, 'files in S3');
 */
export function describeS3Config(config: S3StorageConfig): Record<string, unknown> {
  return {
    endpoint: config.endpoint ?? '(AWS default)',
    bucket: config.bucket,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
  };
}
