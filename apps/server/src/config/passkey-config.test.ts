import { describe, expect, it } from 'vitest';
import { loadConfig } from './server-config.js';

const passkeysOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).passkeys;

describe('the passkey relying party from the environment', () => {
  it('derives the RP id and origin from the public URL, a loopback address read as localhost', () => {
    expect(passkeysOf({})).toEqual({ id: 'localhost', name: 'svc', origins: ['http://localhost:3000'] });
    expect(passkeysOf({ SVC_PUBLIC_URL: 'https://svc.example.com' })).toEqual({
      id: 'svc.example.com',
      name: 'svc',
      origins: ['https://svc.example.com'],
    });
    expect(passkeysOf({ HOST: '0.0.0.0', PORT: '4100' })?.origins).toEqual(['http://localhost:4100']);
  });

  it('takes an explicit RP id, origins and name', () => {
    expect(
      passkeysOf({
        SVC_PUBLIC_URL: 'https://app.example.com',
        SVC_PASSKEY_RP_ID: 'example.com',
        SVC_PASSKEY_ORIGINS: 'https://app.example.com, https://example.com',
        SVC_PASSKEY_RP_NAME: 'Example',
      }),
    ).toEqual({
      id: 'example.com',
      name: 'Example',
      origins: ['https://app.example.com', 'https://example.com'],
    });
  });

  it('is off when switched off, or when nothing is set and the public URL cannot host passkeys', () => {
    expect(passkeysOf({ SVC_PASSKEYS: 'false' })).toBeUndefined();
    expect(passkeysOf({ SVC_PUBLIC_URL: 'http://10.0.0.5:3000' })).toBeUndefined();
    // Browsers offer WebAuthn on https and http://localhost only.
    expect(passkeysOf({ SVC_PUBLIC_URL: 'http://svc.local:80' })).toBeUndefined();
  });

  it('refuses an IP RP id, an origin off the RP id, and plain http off localhost', () => {
    expect(() => passkeysOf({ SVC_PASSKEY_RP_ID: '10.0.0.5' })).toThrow(
      /SVC_PASSKEY_RP_ID must be a domain name/,
    );
    expect(() =>
      passkeysOf({ SVC_PASSKEY_RP_ID: 'example.com', SVC_PASSKEY_ORIGINS: 'https://example.org' }),
    ).toThrow(/not on the relying party "example.com"/);
    expect(() =>
      passkeysOf({ SVC_PASSKEY_RP_ID: 'example.com', SVC_PASSKEY_ORIGINS: 'http://example.com' }),
    ).toThrow(/must be an https:\/\/ origin/);
    expect(() =>
      passkeysOf({ SVC_PASSKEY_RP_ID: 'example.com', SVC_PASSKEY_ORIGINS: 'https://example.com/app' }),
    ).toThrow(/without a path/);
  });
});
