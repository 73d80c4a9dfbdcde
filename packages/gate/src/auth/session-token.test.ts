import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-token.js';

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';
const NOW = Date.UTC(2026, 0, 1);
const CLAIMS = { sid: 'session-1', sub: 'user-1', iat: NOW / 1000, exp: NOW / 1000 + 3600 };

function segment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function forge(
  header: unknown,
  payload: unknown,
  algorithm: 'sha256' | 'sha512' = 'sha256',
  secret = SECRET,
): string {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${createHmac(algorithm, secret).update(input).digest('base64url')}`;
}

describe('session token (JWT HS256)', () => {
  it('round-trips the claims', () => {
    const token = signSessionToken(CLAIMS, SECRET);
    expect(token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(verifySessionToken(token, SECRET, NOW)).toEqual(CLAIMS);
  });

  it('accepts a header without typ', () => {
    expect(verifySessionToken(forge({ alg: 'HS256' }, CLAIMS), SECRET, NOW)).toEqual(CLAIMS);
  });

  it('refuses a token signed with another secret', () => {
    expect(verifySessionToken(signSessionToken(CLAIMS, `${SECRET}x`), SECRET, NOW)).toBeNull();
  });

  it('refuses a changed payload with the original signature', () => {
    const [header, , signature] = signSessionToken(CLAIMS, SECRET).split('.');
    const tampered = `${header}.${segment({ ...CLAIMS, sub: 'admin-user' })}.${signature}`;
    expect(verifySessionToken(tampered, SECRET, NOW)).toBeNull();
  });

  it('refuses alg none, with or without a signature', () => {
    const unsigned = `${segment({ alg: 'none', typ: 'JWT' })}.${segment(CLAIMS)}.`;
    expect(verifySessionToken(unsigned, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(`${segment({ alg: 'none' })}.${segment(CLAIMS)}`, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(forge({ alg: 'none', typ: 'JWT' }, CLAIMS), SECRET, NOW)).toBeNull();
  });

  it('refuses HS512 signed with the same secret, and any other algorithm name', () => {
    expect(verifySessionToken(forge({ alg: 'HS512', typ: 'JWT' }, CLAIMS, 'sha512'), SECRET, NOW)).toBeNull();
    for (const alg of ['HS384', 'RS256', 'ES256', 'PS256', 'hs256', 'HS256 ', '', null]) {
      expect(verifySessionToken(forge({ alg, typ: 'JWT' }, CLAIMS), SECRET, NOW)).toBeNull();
    }
  });

  it('refuses headers with anything but alg and typ: JWT', () => {
    expect(verifySessionToken(forge({ alg: 'HS256', typ: 'JWS' }, CLAIMS), SECRET, NOW)).toBeNull();
    expect(
      verifySessionToken(forge({ alg: 'HS256', kid: '../../dev/null' }, CLAIMS), SECRET, NOW),
    ).toBeNull();
    expect(verifySessionToken(forge({ alg: 'HS256', crit: ['exp'] }, CLAIMS), SECRET, NOW)).toBeNull();
    expect(verifySessionToken(forge(['HS256'], CLAIMS), SECRET, NOW)).toBeNull();
  });

  it('requires exp and refuses a token at or past it', () => {
    const { exp: _exp, ...noExp } = CLAIMS;
    expect(verifySessionToken(forge({ alg: 'HS256' }, noExp), SECRET, NOW)).toBeNull();
    expect(
      verifySessionToken(forge({ alg: 'HS256' }, { ...CLAIMS, exp: '9999999999' }), SECRET, NOW),
    ).toBeNull();
    expect(verifySessionToken(forge({ alg: 'HS256' }, { ...CLAIMS, exp: 1e20 }), SECRET, NOW)).toBeNull();
    const token = signSessionToken(CLAIMS, SECRET);
    expect(verifySessionToken(token, SECRET, CLAIMS.exp * 1000 - 1)).not.toBeNull();
    expect(verifySessionToken(token, SECRET, CLAIMS.exp * 1000)).toBeNull();
  });

  it('requires sid, sub and iat', () => {
    for (const missing of ['sid', 'sub', 'iat'] as const) {
      const claims: Record<string, unknown> = { ...CLAIMS };
      delete claims[missing];
      expect(verifySessionToken(forge({ alg: 'HS256' }, claims), SECRET, NOW)).toBeNull();
    }
    expect(verifySessionToken(forge({ alg: 'HS256' }, { ...CLAIMS, sid: '' }), SECRET, NOW)).toBeNull();
    expect(verifySessionToken(forge({ alg: 'HS256' }, { ...CLAIMS, sub: 42 }), SECRET, NOW)).toBeNull();
  });

  it('refuses non-canonical encodings of a valid token', () => {
    const token = signSessionToken(CLAIMS, SECRET);
    expect(verifySessionToken(`${token}=`, SECRET, NOW)).toBeNull();
    // A 43-character signature carries 2 spare bits in its last character: another character
    // with the same 4 data bits decodes to the same bytes, and must still be refused.
    const signature = token.split('.')[2] as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = [...alphabet]
      .map((char) => `${signature.slice(0, -1)}${char}`)
      .find(
        (candidate) =>
          candidate !== signature &&
          Buffer.from(candidate, 'base64url').equals(Buffer.from(signature, 'base64url')),
      );
    expect(twin).toBeDefined();
    expect(verifySessionToken(`${token.slice(0, -signature.length)}${twin}`, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(` ${token}`, SECRET, NOW)).toBeNull();
  });

  it('never throws on malformed input', () => {
    const inputs: unknown[] = [
      '',
      '.',
      '..',
      'a.b.c',
      'a.b',
      'a.b.c.d',
      '%%%.%%%.%%%',
      `${segment('x')}.${segment(1)}.x`,
      'x'.repeat(10_000),
      undefined,
      null,
      42,
      {},
    ];
    for (const input of inputs) expect(verifySessionToken(input, SECRET, NOW)).toBeNull();
    const notJson = `${Buffer.from('{oops').toString('base64url')}.${segment(CLAIMS)}.sig`;
    expect(verifySessionToken(notJson, SECRET, NOW)).toBeNull();
  });
});
