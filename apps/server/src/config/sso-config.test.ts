import { describe, expect, it } from 'vitest';
import { reserveLoopbackPort } from '../testing/cookie-jar-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer } from '../testing/test-server.js';
import { ConfigError, loadConfig } from './server-config.js';
import { readSsoConfig, ssoVariablePrefix } from './sso-config.js';

const SECRET = 'a-client-secret-that-must-never-be-printed';
const ACME = {
  SVC_SSO_PROVIDERS: 'acme',
  SVC_SSO_ACME_ISSUER: 'https://id.acme.example',
  SVC_SSO_ACME_CLIENT_ID: 'svc',
  SVC_SSO_ACME_CLIENT_SECRET: SECRET,
};

describe('single sign-on settings (SVC_SSO_*)', () => {
  it('reads providers with their defaults: the id as name, openid email profile', () => {
    const problems: string[] = [];
    expect(readSsoConfig({ ...ACME, SVC_SSO_ACME_NAME: 'Acme ID' }, problems, true)).toEqual([
      {
        id: 'acme',
        name: 'Acme ID',
        issuer: 'https://id.acme.example',
        clientId: 'svc',
        clientSecret: SECRET,
        scopes: 'openid email profile',
      },
    ]);
    expect(problems).toEqual([]);
    expect(readSsoConfig({}, problems, true)).toEqual([]);
    expect(ssoVariablePrefix('staff-sso')).toBe('SVC_SSO_STAFF_SSO_');
  });

  it('names every mistake at once, never the secret', () => {
    const problems: string[] = [];
    readSsoConfig(
      {
        SVC_SSO_PROVIDERS: 'acme,Bad Id,acme,other',
        SVC_SSO_ACME_ISSUER: 'http://id.acme.example',
        SVC_SSO_ACME_CLIENT_SECRET: SECRET,
        SVC_SSO_ACME_SCOPES: 'email profile',
        SVC_SSO_OTHER_ISSUER: 'ftp://nope',
      },
      problems,
      true,
    );
    expect(problems).toEqual([
      'SVC_SSO_ACME_ISSUER must be an https:// URL in production.',
      'SVC_SSO_ACME_CLIENT_ID is required for provider "acme".',
      'SVC_SSO_ACME_SCOPES must include "openid".',
      'SVC_SSO_PROVIDERS: "Bad Id" is not a provider id (a-z, 0-9 and "-", at most 32).',
      'SVC_SSO_PROVIDERS lists "acme" twice.',
      "SVC_SSO_OTHER_ISSUER must be the provider's issuer URL, e.g. https://id.example.com.",
      'SVC_SSO_OTHER_CLIENT_ID is required for provider "other".',
      'SVC_SSO_OTHER_CLIENT_SECRET is required for provider "other".',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production', ...ACME, SVC_SSO_ACME_ISSUER: 'http://x' })).toThrow(
      ConfigError,
    );
    const refused = (() => {
      try {
        return loadConfig({ ...ACME, SVC_SSO_ACME_CLIENT_ID: '' });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String(refused)).not.toContain(SECRET);
  });

  it('answers 502 GATE_SSO_PROVIDER_UNAVAILABLE when the issuer cannot be reached', async () => {
    const [sqlite] = testDatabaseTargets();
    if (!sqlite) throw new Error('no SQLite target');
    const closedPort = await reserveLoopbackPort();
    const server = await createTestServer(sqlite, {
      ...ACME,
      SVC_SSO_ACME_ISSUER: `http://127.0.0.1:${closedPort}`,
    });
    try {
      const response = await server.app.inject({ method: 'GET', url: '/auth/sso/acme/start' });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('GATE_SSO_PROVIDER_UNAVAILABLE');
      expect(response.body).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });
});
