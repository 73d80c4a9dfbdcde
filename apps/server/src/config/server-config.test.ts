import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_APIKEY_PEPPER, DEV_JWT_SECRET, loadConfig } from './server-config.js';

const SECRET_A = 'a'.repeat(32);
const SECRET_B = 'b'.repeat(40);
/** A production environment that passes every rule; tests break one rule at a time. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: SECRET_A, SVC_APIKEY_PEPPER: SECRET_B };

/** The problems `loadConfig` reports for `env`, or [] when it is valid. */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** The script engine's settings when no `SVC_LMX_*` variable is set. */
const DEFAULT_LMX = {
  timeMs: 5000,
  workers: 2,
  memoryMb: 64,
  userConcurrency: 2,
  runsPerMinute: 60,
  hostModes: {
    enabled: false,
    display: undefined,
    commandTimeoutMs: 10_000,
    maxOutputBytes: 1_048_576,
    netAllowedHosts: [],
    shellEnv: [],
  },
};

/** Metrics and tracing when no `SVC_METRICS_*` / `OTEL_*` variable is set: both off. */
const DEFAULT_OBSERVABILITY = {
  metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
  tracing: undefined,
};

/** The PDF renderers' settings when no `SVC_CHROMIUM_PATH` / `SVC_PDF_*` variable is set. */
const DEFAULT_PDF = { chromiumPath: undefined, browsers: 2, timeoutMs: 30_000 };

describe('loadConfig defaults', () => {
  it('runs offline with development defaults from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: DEV_JWT_SECRET,
      apiKeyPepper: DEV_APIKEY_PEPPER,
      cookieName: 'svc_session',
      cookieDomain: undefined,
      autoVerify: true,
      seedAdmin: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      trustProxy: false,
      logLevel: 'info',
      passwordCost: 17,
      identityCacheMs: 1000,
      passwordResetTtlMs: 1_800_000,
      dreamerStageTimeoutMs: 120_000,
      instanceId: expect.any(String),
      instanceIdSource: 'derived',
      integrations: { allowedHosts: [] },
      mcpServers: [],
      mail: undefined,
      payments: undefined,
      models: { providers: [] },
      lmx: DEFAULT_LMX,
      pdf: DEFAULT_PDF,
      observability: DEFAULT_OBSERVABILITY,
      ssoProviders: [],
      passkeys: { id: 'localhost', name: 'svc', origins: ['http://localhost:3000'] },
    });
  });

  it('keeps logs silent under NODE_ENV=test and treats unknown NODE_ENV values as development', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'staging' }).env).toBe('development');
  });

  it('turns auto-verification off by default in production', () => {
    expect(loadConfig(PRODUCTION).autoVerify).toBe(false);
  });
});

describe('loadConfig reads every variable', () => {
  it('parses a full environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      SVC_DATA_DIR: '/var/lib/svc',
      DATABASE_URL: 'postgresql://svc:pw@db:5432/svc',
      JWT_SECRET: SECRET_A,
      SVC_APIKEY_PEPPER: SECRET_B,
      SVC_COOKIE_NAME: 'sid',
      SVC_COOKIE_DOMAIN: '.example.com',
      AUTH_AUTO_VERIFY: 'false',
      SEED_ADMIN_EMAIL: ' admin@example.com ',
      SEED_ADMIN_PASSWORD: 'a long admin password',
      SVC_PUBLIC_URL: 'https://svc.example.com/',
      SVC_TRUST_PROXY: '10.0.0.0/8',
      LOG_LEVEL: 'debug',
      SVC_PASSWORD_COST: '18',
      SVC_IDENTITY_CACHE_MS: '250',
    });
    expect(config).toEqual({
      env: 'production',
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/svc',
      databaseUrl: 'postgresql://svc:pw@db:5432/svc',
      jwtSecret: SECRET_A,
      apiKeyPepper: SECRET_B,
      cookieName: 'sid',
      cookieDomain: '.example.com',
      autoVerify: false,
      seedAdmin: { email: 'admin@example.com', password: 'a long admin password' },
      publicUrl: 'https://svc.example.com',
      trustProxy: '10.0.0.0/8',
      logLevel: 'debug',
      passwordCost: 18,
      identityCacheMs: 250,
      passwordResetTtlMs: 1_800_000,
      dreamerStageTimeoutMs: 120_000,
      instanceId: expect.any(String),
      instanceIdSource: 'derived',
      integrations: { allowedHosts: [] },
      mcpServers: [],
      mail: undefined,
      payments: undefined,
      models: { providers: [] },
      lmx: DEFAULT_LMX,
      pdf: DEFAULT_PDF,
      observability: DEFAULT_OBSERVABILITY,
      ssoProviders: [],
      passkeys: { id: 'svc.example.com', name: 'svc', origins: ['https://svc.example.com'] },
    });
  });

  it('derives the public URL from HOST and PORT, using localhost for wildcard hosts', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: '::', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: 'svc.local', PORT: '80' }).publicUrl).toBe('http://svc.local:80');
  });

  it('reads how long a password-reset link works (AUTH_PASSWORD_RESET_MINUTES), in bounds', () => {
    expect(loadConfig({ AUTH_PASSWORD_RESET_MINUTES: '45' }).passwordResetTtlMs).toBe(2_700_000);
    for (const value of ['4', '1441', '2.5', 'soon'])
      expect(() => loadConfig({ AUTH_PASSWORD_RESET_MINUTES: value })).toThrow(
        'AUTH_PASSWORD_RESET_MINUTES must be a whole number of minutes from 5 to 1440.',
      );
  });

  it('accepts port 0 (any free port) and treats an empty HOST, DATABASE_URL or SVC_DATA_DIR as unset', () => {
    const config = loadConfig({ PORT: '0', HOST: '', DATABASE_URL: '', SVC_DATA_DIR: '' });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(0);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
  });

  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['yes', true],
    [' on ', true],
    ['0', false],
    ['false', false],
    ['No', false],
    ['off', false],
    ['', false],
  ])('reads the boolean AUTH_AUTO_VERIFY=%j as %s', (raw, expected) => {
    expect(loadConfig({ AUTH_AUTO_VERIFY: raw }).autoVerify).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
    ['loopback', 'loopback'],
    ['10.0.0.1,10.0.0.2', '10.0.0.1,10.0.0.2'],
  ])('reads SVC_TRUST_PROXY=%j as %j', (raw, expected) => {
    expect(loadConfig({ SVC_TRUST_PROXY: raw }).trustProxy).toBe(expected);
  });
});

describe('loadConfig refuses invalid values', () => {
  it('lists every problem at once, with exact messages', () => {
    const env = {
      PORT: '70000',
      DATABASE_URL: 'mysql://db/svc',
      AUTH_AUTO_VERIFY: 'maybe',
      SEED_ADMIN_EMAIL: 'admin@example.com',
      SVC_PUBLIC_URL: 'ftp://svc',
      SVC_PASSWORD_COST: '9',
      SVC_IDENTITY_CACHE_MS: '-5',
      JWT_SECRET: 'short',
      SVC_APIKEY_PEPPER: 'also short',
      SVC_COOKIE_NAME: 'bad name;',
    };
    expect(problemsOf(env)).toEqual([
      'PORT must be an integer from 0 to 65535, got "70000".',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite file).',
      'AUTH_AUTO_VERIFY must be true or false, got "maybe".',
      'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together: set both or neither.',
      'SVC_PUBLIC_URL must be an http(s) URL, got "ftp://svc".',
      'SVC_PASSWORD_COST must be an integer from 10 to 20.',
      'SVC_IDENTITY_CACHE_MS must be a whole number of milliseconds from 0 to 60000.',
      'JWT_SECRET must be at least 32 characters long.',
      'SVC_APIKEY_PEPPER must be at least 32 characters long.',
      'SVC_COOKIE_NAME may contain only letters, digits, "_" and "-".',
    ]);
  });

  it('puts every problem in the error message, one per line', () => {
    expect(() => loadConfig({ PORT: 'x', SVC_PASSWORD_COST: '21' })).toThrow(
      'Invalid server configuration:\n  - PORT must be an integer from 0 to 65535, got "x".\n  - SVC_PASSWORD_COST must be an integer from 10 to 20.',
    );
  });

  it.each(['-1', '1.5', 'abc', '65536', '', '1e3', '0x50', ' 80'])('refuses PORT=%j', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([`PORT must be an integer from 0 to 65535, got "${port}".`]);
  });

  it.each(['sqlite:///tmp/svc.db', 'file:./svc.db', 'http://db', 'postgres:/missing-slash'])(
    'refuses DATABASE_URL=%s',
    (url) => {
      expect(problemsOf({ DATABASE_URL: url })).toEqual([
        'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite file).',
      ]);
    },
  );

  it('accepts postgres:// and postgresql:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
  });

  it('needs the seed admin password with the e-mail, and the e-mail with the password', () => {
    const message = 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together: set both or neither.';
    expect(problemsOf({ SEED_ADMIN_PASSWORD: 'x'.repeat(12) })).toEqual([message]);
    expect(problemsOf({ SEED_ADMIN_EMAIL: '  ', SEED_ADMIN_PASSWORD: 'x'.repeat(12) })).toEqual([message]);
  });

  it('reads the PDF renderers: a Chromium path or off, browser processes and the render deadline', () => {
    expect(
      loadConfig({
        SVC_CHROMIUM_PATH: '/opt/chromium/chrome',
        SVC_PDF_BROWSERS: '3',
        SVC_PDF_TIMEOUT_MS: '5000',
      }).pdf,
    ).toEqual({ chromiumPath: '/opt/chromium/chrome', browsers: 3, timeoutMs: 5000 });
    expect(loadConfig({ SVC_CHROMIUM_PATH: 'OFF' }).pdf.chromiumPath).toBe('off');
    expect(
      problemsOf({ SVC_CHROMIUM_PATH: 'chromium', SVC_PDF_BROWSERS: '0', SVC_PDF_TIMEOUT_MS: '500' }),
    ).toEqual([
      'SVC_CHROMIUM_PATH must be an absolute path or "off", got "chromium".',
      'SVC_PDF_BROWSERS must be a whole number from 1 to 8, got "0".',
      'SVC_PDF_TIMEOUT_MS must be a whole number from 1000 to 120000, got "500".',
    ]);
  });

  it.each(['10', '20'])('accepts SVC_PASSWORD_COST=%s outside production', (cost) => {
    expect(loadConfig({ SVC_PASSWORD_COST: cost }).passwordCost).toBe(Number(cost));
  });

  it.each(['9', '21', '12.5', 'high', '', '1e1'])('refuses SVC_PASSWORD_COST=%j', (cost) => {
    expect(problemsOf({ SVC_PASSWORD_COST: cost })).toEqual([
      'SVC_PASSWORD_COST must be an integer from 10 to 20.',
    ]);
  });
});

describe('loadConfig in production', () => {
  it('accepts real secrets', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('requires both secrets', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET is required in production (at least 32 characters).',
      'SVC_APIKEY_PEPPER is required in production (at least 32 characters).',
    ]);
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: '' })).toEqual([
      'JWT_SECRET is required in production (at least 32 characters).',
    ]);
  });

  it('refuses short secrets', () => {
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: 'x'.repeat(31), SVC_APIKEY_PEPPER: 'y' })).toEqual([
      'JWT_SECRET must be at least 32 characters long.',
      'SVC_APIKEY_PEPPER must be at least 32 characters long.',
    ]);
  });

  it('refuses the development secrets', () => {
    expect(
      problemsOf({ ...PRODUCTION, JWT_SECRET: DEV_JWT_SECRET, SVC_APIKEY_PEPPER: DEV_APIKEY_PEPPER }),
    ).toEqual([
      'JWT_SECRET is the development default; set a real secret in production.',
      'SVC_APIKEY_PEPPER is the development default; set a real secret in production.',
    ]);
  });

  it('refuses AUTH_AUTO_VERIFY=true', () => {
    expect(problemsOf({ ...PRODUCTION, AUTH_AUTO_VERIFY: 'true' })).toEqual([
      'AUTH_AUTO_VERIFY cannot be enabled in production.',
    ]);
  });

  it('refuses a lowered SVC_PASSWORD_COST but accepts a raised one', () => {
    expect(problemsOf({ ...PRODUCTION, SVC_PASSWORD_COST: '12' })).toEqual([
      'SVC_PASSWORD_COST cannot be lowered below 17 in production.',
    ]);
    expect(loadConfig({ ...PRODUCTION, SVC_PASSWORD_COST: '19' }).passwordCost).toBe(19);
  });

  it('accepts the development secrets outside production', () => {
    expect(loadConfig({ JWT_SECRET: DEV_JWT_SECRET }).jwtSecret).toBe(DEV_JWT_SECRET);
  });
});

describe('loadConfig reads the model providers', () => {
  const KEY = 'sk-test-0123456789-secret';

  it('reads SMTP_URL with MAIL_FROM, and never shows the SMTP password in a problem', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://svc:pw-123@mail.example.com:465',
        MAIL_FROM: 'svc <no-reply@example.com>',
      }).mail,
    ).toEqual({ url: 'smtps://svc:pw-123@mail.example.com:465', from: 'svc <no-reply@example.com>' });
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problemsOf({ SMTP_URL: 'smtp://svc:pw-123@mail.example.com' })).toEqual([
      'MAIL_FROM is required with SMTP_URL, e.g. "svc <no-reply@example.com>".',
    ]);
    expect(problemsOf({ MAIL_FROM: 'no-reply@example.com' })).toEqual([
      'MAIL_FROM is set but SMTP_URL is not: set both to send real mail.',
    ]);
    const bad = problemsOf({ SMTP_URL: 'http://svc:pw-123@mail.example.com', MAIL_FROM: 'not an address' });
    expect(bad).toHaveLength(2);
    expect(bad.join(' ')).not.toContain('pw-123');
  });

  it('names the instance by SVC_INSTANCE_ID, else by host and port', () => {
    expect(loadConfig({ SVC_INSTANCE_ID: ' worker-7 ' })).toMatchObject({
      instanceId: 'worker-7',
      instanceIdSource: 'environment',
    });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({
      instanceId: expect.stringMatching(/:8080$/),
      instanceIdSource: 'derived',
    });
    expect(loadConfig({ PORT: '0' }).instanceId).not.toBe(loadConfig({ PORT: '0' }).instanceId);
    expect(() => loadConfig({ SVC_INSTANCE_ID: 'has space' })).toThrow('SVC_INSTANCE_ID');
  });

  it('reads DREAMER_STAGE_TIMEOUT_MS within 1 s to 10 min', () => {
    expect(loadConfig({ DREAMER_STAGE_TIMEOUT_MS: '300000' }).dreamerStageTimeoutMs).toBe(300_000);
    for (const bad of ['999', '600001', '1e5', '']) {
      expect(() => loadConfig({ DREAMER_STAGE_TIMEOUT_MS: bad })).toThrow(
        'DREAMER_STAGE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000.',
      );
    }
  });

  it('configures no provider by default, so the core falls back to its echo stub', () => {
    expect(loadConfig({}).models).toEqual({ providers: [] });
  });

  it('reads OpenAI and Anthropic in that order, with trimmed, deduplicated model lists', () => {
    const { models } = loadConfig({
      OPENAI_API_KEY: KEY,
      OPENAI_MODELS: ' gpt-4o-mini, gpt-4o ,gpt-4o-mini,, ',
      ANTHROPIC_API_KEY: 'ak-test',
      ANTHROPIC_MODELS: 'claude-sonnet-4-5',
      ANTHROPIC_MAX_TOKENS: '8192',
    });
    expect(models.providers).toEqual([
      {
        kind: 'openai-compatible',
        name: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        apiKey: KEY,
        models: ['gpt-4o-mini', 'gpt-4o'],
        streaming: true,
        jsonMode: true,
      },
      {
        kind: 'anthropic',
        name: 'anthropic',
        baseUrl: 'https://api.anthropic.com',
        apiKey: 'ak-test',
        models: ['claude-sonnet-4-5'],
        streaming: true,
        maxTokens: 8192,
      },
    ]);
  });

  it('takes a keyless local server by its base URL, strips the trailing slash and leaves JSON mode off', () => {
    const { models } = loadConfig({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      OPENAI_MODELS: 'llama3.2',
    });
    expect(models.providers).toEqual([
      {
        kind: 'openai-compatible',
        name: 'openai',
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: undefined,
        models: ['llama3.2'],
        streaming: true,
        jsonMode: false,
      },
    ]);
  });

  it('reads MODEL_STREAMING, OPENAI_JSON_MODE and the default ANTHROPIC_MAX_TOKENS', () => {
    const { models } = loadConfig({
      OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1',
      OPENAI_MODELS: 'qwen',
      OPENAI_JSON_MODE: 'true',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9000',
      ANTHROPIC_MODELS: 'claude',
      MODEL_STREAMING: 'false',
    });
    expect(models.providers.map((provider) => provider.streaming)).toEqual([false, false]);
    expect(models.providers[0]).toMatchObject({ jsonMode: true });
    expect(models.providers[1]).toMatchObject({ maxTokens: 4096 });
  });

  it('lists every model problem without ever showing a key', () => {
    const problems = problemsOf({
      OPENAI_API_KEY: KEY,
      ANTHROPIC_MODELS: 'claude',
      MODEL_STREAMING: 'sometimes',
      ANTHROPIC_MAX_TOKENS: '0',
    });
    expect(problems).toEqual([
      'MODEL_STREAMING must be true or false, got "sometimes".',
      'ANTHROPIC_MAX_TOKENS must be an integer from 1 to 1000000, got "0".',
      'OPENAI_MODELS is required when OPENAI_BASE_URL or OPENAI_API_KEY is set: list the model names separated by commas (svc never guesses them).',
      'ANTHROPIC_MODELS is set but neither ANTHROPIC_BASE_URL nor ANTHROPIC_API_KEY is.',
    ]);
    expect(problems.join('\n')).not.toContain(KEY);
  });

  it.each(['ftp://models.local', 'localhost:11434', 'not a url'])('refuses OPENAI_BASE_URL=%j', (url) => {
    expect(problemsOf({ OPENAI_BASE_URL: url, OPENAI_MODELS: 'm' })).toEqual([
      `OPENAI_BASE_URL must be an http(s) URL, got "${url}".`,
    ]);
  });

  it('requires models for a base URL alone and refuses OPENAI_JSON_MODE=maybe', () => {
    expect(problemsOf({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9000', OPENAI_JSON_MODE: 'maybe' })).toEqual([
      'OPENAI_JSON_MODE must be true or false, got "maybe".',
      'ANTHROPIC_MODELS is required when ANTHROPIC_BASE_URL or ANTHROPIC_API_KEY is set: list the model names separated by commas (svc never guesses them).',
    ]);
  });
});

describe('loadConfig observability', () => {
  it('reads the metrics token, port and host, and the OTLP endpoint, headers and service name', () => {
    const config = loadConfig({
      SVC_METRICS_TOKEN: 'a'.repeat(32),
      SVC_METRICS_PORT: '9464',
      SVC_METRICS_HOST: '0.0.0.0',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D,Tenant=acme',
      OTEL_SERVICE_NAME: 'svc-eu-1',
    });
    expect(config.observability).toEqual({
      metrics: { token: 'a'.repeat(32), port: 9464, host: '0.0.0.0' },
      tracing: {
        url: 'http://collector:4318/v1/traces',
        headers: { 'x-api-key': 'abc=', tenant: 'acme' },
        serviceName: 'svc-eu-1',
        sampleRatio: 1,
      },
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b/traces',
      }).observability.tracing?.url,
    ).toBe('https://b/traces');
    const sampled = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    };
    expect(
      loadConfig({ ...sampled, OTEL_TRACES_SAMPLER_ARG: '0.25' }).observability.tracing?.sampleRatio,
    ).toBe(0.25);
    expect(() => loadConfig({ ...sampled, OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ ...sampled, OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(
      /OTEL_TRACES_SAMPLER must/,
    );
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SDK_DISABLED: 'true' }).observability
        .tracing,
    ).toBeUndefined();
  });

  it('refuses a short token, a bad port, a non-http endpoint and malformed headers, naming each', () => {
    expect(() =>
      loadConfig({
        SVC_METRICS_TOKEN: 'short token',
        SVC_METRICS_PORT: '70000',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector',
      }),
    ).toThrow(
      /SVC_METRICS_TOKEN must be at least 32[\s\S]*SVC_METRICS_PORT must be an integer[\s\S]*OTLP endpoint must be an http/,
    );
    expect(() =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
        OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign',
      }),
    ).toThrow(/OTEL_EXPORTER_OTLP_HEADERS/);
    expect(() =>
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_HEADERS: 'x=%E0%A4%A' }),
    ).toThrow(/the value of x is not validly percent-encoded/);
  });
});
