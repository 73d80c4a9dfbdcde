import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_APIKEY_PEPPER, DEV_JWT_SECRET, loadConfig } from './config.js';

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
    });
  });

  it('derives the public URL from HOST and PORT, using localhost for wildcard hosts', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: '::', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: 'svc.local', PORT: '80' }).publicUrl).toBe('http://svc.local:80');
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
