import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { PasskeyRelyingParty } from '@svc/gate';
import { type IntegrationsConfig, readIntegrationsConfig } from './integrations-config.js';
import { type LmxConfig, readLmxConfig } from './lmx-config.js';
import { type MailConfig, readMailConfig } from './mail-config.js';
import { type RemoteMcpServerConfig, readRemoteMcpConfig } from './mcp-remote-config.js';
import { type ModelProvidersConfig, readModelProvidersConfig } from './model-config.js';
import { type ObservabilityConfig, readObservabilityConfig } from './observability-config.js';
import { readPasskeyConfig } from './passkey-config.js';
import { type PaymentsConfig, readPaymentsConfig } from './payments-config.js';
import { type PdfConfig, readPdfConfig } from './pdf-config.js';
import { type RedisConfig, readRedisConfig } from './redis-config.js';
import { readSsoConfig, type SsoProviderConfig } from './sso-config.js';
import { readS3StorageConfig, type S3StorageConfig } from './storage-config.js';

/** Development secrets: fine offline, refused in production. */
export const DEV_JWT_SECRET = 'svc-development-jwt-secret-do-not-use-in-production';
export const DEV_APIKEY_PEPPER = 'svc-development-api-key-pepper-do-not-use-in-production';

/** Everything the server reads from its environment, validated. */
export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** `postgres://…` to use PostgreSQL; undefined for the embedded SQLite file. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  apiKeyPepper: string;
  cookieName: string;
  cookieDomain: string | undefined;
  autoVerify: boolean;
  seedAdmin: { email: string; password: string } | undefined;
  /** Public origin of the server (verification links, same-origin checks). */
  publicUrl: string;
  /** Trust `X-Forwarded-For` from these proxies (Fastify `trustProxy`); false by default. */
  trustProxy: boolean | string;
  logLevel: string;
  /** scrypt cost (log2 N); 17 unless lowered for tests. */
  passwordCost: number;
  /** How long a resolved session or API key is trusted without a database read (ms; 0 = off). */
  identityCacheMs: number;
  /** How long a mailed password-reset link works (`AUTH_PASSWORD_RESET_MINUTES`, default 30, 5 to 1440). */
  passwordResetTtlMs: number;
  /** Per-attempt timeout (ms) of pipeline stages that set no `timeoutMs`; 120000 unless set. */
  dreamerStageTimeoutMs: number;
  /**
   * Names this server process across restarts (`SVC_INSTANCE_ID`, default `hostname:port`): runs
   * it left `running` are marked stale as soon as it starts again, while other instances' runs
   * are judged only by their heartbeats. Claimed at start with a lease in `server_instances`
   * (`db/instance-lease.ts`): a derived id held by a live instance gets a suffix (`~2`), an
   * explicit one is refused.
   */
  instanceId: string;
  /** Where {@link ServerConfig.instanceId} came from: `SVC_INSTANCE_ID`, or derived from host and port. */
  instanceIdSource: 'environment' | 'derived';
  /** The payment processor (`PAY_*`); undefined while `PAY_SECRET_KEY` is unset. */
  payments: PaymentsConfig | undefined;
  /** Outgoing mail over SMTP (`SMTP_URL`, `MAIL_FROM`); undefined keeps mail in the admin-readable outbox. */
  mail: MailConfig | undefined;
  /** Model providers of the ideation pipeline (`OPENAI_*`, `ANTHROPIC_*`, `MODEL_STREAMING`); none by default. */
  models: ModelProvidersConfig;
  /** The script engine (`SVC_LMX_*`): the run time bound, warm workers and the host modes. */
  lmx: LmxConfig;
  /** User webhooks (`SVC_INTEGRATION_ALLOWED_HOSTS`): hosts allowed despite private addresses. */
  integrations: IntegrationsConfig;
  /** Remote MCP servers whose tools are offered as `mcp.<server>.<tool>` (`SVC_MCP_SERVERS`); none by default. */
  mcpServers: RemoteMcpServerConfig[];
  /** The renderers of `pdf.render` (`SVC_CHROMIUM_PATH`, `SVC_PDF_BROWSERS`, `SVC_PDF_TIMEOUT_MS`). */
  pdf: PdfConfig;
  /** The shared Redis of several instances (`SVC_REDIS_*`); undefined without `SVC_REDIS_URL`. */
  redis: RedisConfig | undefined;
  /** Generated files in an S3-compatible bucket (`SVC_S3_*`); undefined keeps them under `<dataDir>/files`. */
  s3: S3StorageConfig | undefined;
  /** `/metrics` (`SVC_METRICS_TOKEN`, `SVC_METRICS_PORT`) and OpenTelemetry tracing (`OTEL_*`); both off by default. */
  observability: ObservabilityConfig;
  /** OpenID Connect providers people may sign in with (`SVC_SSO_*`); none by default. */
  ssoProviders: SsoProviderConfig[];
  /** The WebAuthn relying party of passkeys (`SVC_PASSKEY_*`, derived from `SVC_PUBLIC_URL`); undefined: passkeys off. */
  passkeys: PasskeyRelyingParty | undefined;
}

/** Thrown when the environment is not a valid configuration; lists every problem. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid server configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/** Where the embedded SQLite file and local files live when `SVC_DATA_DIR` is unset: relative to the working directory. */
export const DEFAULT_DATA_DIR = './data';

/**
 * Reads and validates the configuration from an environment (normally `process.env`).
 * Development defaults run offline; `NODE_ENV=production` refuses development secrets, short
 * secrets and `AUTH_AUTO_VERIFY`.
 *
 * @example
 * const config = loadConfig(process.env);
 */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const problems: string[] = [];
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const production = nodeEnv === 'production';
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined) return fallback;
    if (TRUE.has(raw)) return true;
    if (FALSE.has(raw)) return false;
    problems.push(`${name} must be true or false, got "${env[name]}".`);
    return fallback;
  };
  const secret = (name: string, devDefault: string): string => {
    const value = env[name];
    if (value === undefined || value === '') {
      if (production) problems.push(`${name} is required in production (at least 32 characters).`);
      return devDefault;
    }
    if (value.length < 32) problems.push(`${name} must be at least 32 characters long.`);
    if (production && value === devDefault)
      problems.push(`${name} is the development default; set a real secret in production.`);
    return value;
  };

  // Digits only: Number() would also take '', '1e3' and '0x50'.
  const port = /^\d{1,5}$/.test(env.PORT ?? '3000') ? Number(env.PORT ?? '3000') : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be an integer from 0 to 65535, got "${env.PORT}".`);
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite file).',
    );
  }
  const autoVerify = flag('AUTH_AUTO_VERIFY', !production);
  if (production && autoVerify) problems.push('AUTH_AUTO_VERIFY cannot be enabled in production.');
  const seedEmail = env.SEED_ADMIN_EMAIL?.trim();
  const seedPassword = env.SEED_ADMIN_PASSWORD;
  if (Boolean(seedEmail) !== Boolean(seedPassword))
    problems.push('SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together: set both or neither.');
  const publicUrl = (
    env.SVC_PUBLIC_URL ?? `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`
  ).replace(/\/$/, '');
  if (!/^https?:\/\//.test(publicUrl))
    problems.push(`SVC_PUBLIC_URL must be an http(s) URL, got "${env.SVC_PUBLIC_URL}".`);
  const trustProxyRaw = env.SVC_TRUST_PROXY?.trim();
  const trustProxy =
    trustProxyRaw === undefined || FALSE.has(trustProxyRaw.toLowerCase())
      ? false
      : TRUE.has(trustProxyRaw.toLowerCase())
        ? true
        : trustProxyRaw;
  const passwordCost = /^\d{1,2}$/.test(env.SVC_PASSWORD_COST ?? '17')
    ? Number(env.SVC_PASSWORD_COST ?? '17')
    : Number.NaN;
  if (!Number.isInteger(passwordCost) || passwordCost < 10 || passwordCost > 20)
    problems.push('SVC_PASSWORD_COST must be an integer from 10 to 20.');
  if (production && passwordCost < 17)
    problems.push('SVC_PASSWORD_COST cannot be lowered below 17 in production.');
  const identityCacheMs = /^\d{1,6}$/.test(env.SVC_IDENTITY_CACHE_MS ?? '1000')
    ? Number(env.SVC_IDENTITY_CACHE_MS ?? '1000')
    : Number.NaN;
  if (!Number.isInteger(identityCacheMs) || identityCacheMs > 60_000)
    problems.push('SVC_IDENTITY_CACHE_MS must be a whole number of milliseconds from 0 to 60000.');
  const resetMinutes = Number(env.AUTH_PASSWORD_RESET_MINUTES ?? '30');
  if (!/^\d{1,4}$/.test(env.AUTH_PASSWORD_RESET_MINUTES ?? '30') || resetMinutes < 5 || resetMinutes > 1440)
    problems.push('AUTH_PASSWORD_RESET_MINUTES must be a whole number of minutes from 5 to 1440.');
  const dreamerStageTimeoutMs = /^\d{1,6}$/.test(env.DREAMER_STAGE_TIMEOUT_MS ?? '120000')
    ? Number(env.DREAMER_STAGE_TIMEOUT_MS ?? '120000')
    : Number.NaN;
  if (
    !Number.isInteger(dreamerStageTimeoutMs) ||
    dreamerStageTimeoutMs < 1000 ||
    dreamerStageTimeoutMs > 600_000
  )
    problems.push('DREAMER_STAGE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000.');

  const instanceIdSource = env.SVC_INSTANCE_ID?.trim() ? 'environment' : 'derived';
  const instanceId = env.SVC_INSTANCE_ID?.trim() || `${hostname()}:${port === 0 ? randomUUID() : port}`;
  if (!/^[\x21-\x7e]{1,200}$/.test(instanceId))
    problems.push('SVC_INSTANCE_ID must be 1–200 printable ASCII characters without spaces.');

  const config: ServerConfig = {
    env: nodeEnv,
    host,
    port,
    dataDir: env.SVC_DATA_DIR || DEFAULT_DATA_DIR,
    databaseUrl,
    jwtSecret: secret('JWT_SECRET', DEV_JWT_SECRET),
    apiKeyPepper: secret('SVC_APIKEY_PEPPER', DEV_APIKEY_PEPPER),
    cookieName: env.SVC_COOKIE_NAME || 'svc_session',
    cookieDomain: env.SVC_COOKIE_DOMAIN || undefined,
    autoVerify,
    seedAdmin: seedEmail && seedPassword ? { email: seedEmail, password: seedPassword } : undefined,
    publicUrl,
    trustProxy,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    passwordCost,
    identityCacheMs,
    passwordResetTtlMs: resetMinutes * 60_000,
    dreamerStageTimeoutMs,
    instanceId,
    instanceIdSource,
    payments: readPaymentsConfig(env, problems),
    mail: readMailConfig(env, problems),
    models: readModelProvidersConfig(env, problems),
    lmx: readLmxConfig(env, problems),
    integrations: readIntegrationsConfig(env, problems),
    mcpServers: readRemoteMcpConfig(env, problems),
    pdf: readPdfConfig(env, problems),
    redis: readRedisConfig(env, problems),
    s3: readS3StorageConfig(env, problems),
    observability: readObservabilityConfig(env, problems),
    ssoProviders: readSsoConfig(env, problems, production),
    passkeys: readPasskeyConfig(env, publicUrl, problems),
  };
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(config.cookieName))
    problems.push('SVC_COOKIE_NAME may contain only letters, digits, "_" and "-".');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
