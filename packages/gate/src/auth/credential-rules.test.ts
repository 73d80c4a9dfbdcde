import { describe, expect, it } from 'vitest';
import { isGateError } from '../errors.js';
import { readCommonPasswords } from './common-passwords.js';
import {
  assertPasswordAllowed,
  countCodePoints,
  findPasswordWeakness,
  normalizePassword,
  readEmail,
} from './credential-rules.js';

const EMAIL = 'ada.lovelace@example.com';

describe('email rules', () => {
  it('normalises case and surrounding space', () => {
    expect(readEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it.each([
    'no-at-sign',
    '@example.com',
    'ada@',
    'ada@localhost',
    'ada@exa mple.com',
    'a da@example.com',
    'ada@@example.com',
    'ada@example..com',
    'ada@-example.com',
    '"ada"@example.com',
    `${'a'.repeat(65)}@example.com`,
    `ada@${'a'.repeat(250)}.com`,
  ])('refuses %s', (email) => {
    expect(() => readEmail(email)).toThrow(expect.objectContaining({ code: 'GATE_INVALID_INPUT' }));
  });

  it('accepts up to 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email).toHaveLength(254);
    expect(readEmail(email)).toBe(email);
    expect(() => readEmail(`x${email}`)).toThrow();
  });
});

describe('password rules', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(countCodePoints('😀😀😀')).toBe(3);
    expect(findPasswordWeakness('😀'.repeat(11), EMAIL)).toBe('too-short');
    expect(findPasswordWeakness('🐙🦑🦀🐡🐠🐟🐬🐳🐋🦈🐊🦭', EMAIL)).toBeUndefined();
    const sea = '🐙🦑🦀🐡🐠🐟🐬🐳🐋🦈🐊🦭';
    expect(sea.repeat(10)).toHaveLength(240);
    expect(findPasswordWeakness(sea.repeat(10), EMAIL)).toBeUndefined();
    expect(findPasswordWeakness(sea.repeat(11), EMAIL)).toBe('too-long');
  });

  it('needs 12 to 128 characters', () => {
    expect(findPasswordWeakness('Vx7#qLm2pR9', EMAIL)).toBe('too-short');
    expect(findPasswordWeakness('Vx7#qLm2pR9w', EMAIL)).toBeUndefined();
    const long = 'Vx7#qLm2pR9w'.repeat(11);
    expect(findPasswordWeakness(long.slice(0, 128), EMAIL)).toBeUndefined();
    expect(findPasswordWeakness(`${long.slice(0, 128)}z`, EMAIL)).toBe('too-long');
  });

  it('ships a list of several thousand common passwords', () => {
    expect(readCommonPasswords().size).toBeGreaterThan(3000);
  });

  it.each([
    'password1234',
    'PASSWORD1234',
    'P@ssw0rd-2024!',
    'Sunshine2024!',
    'qwertyuiop123',
    '1q2w3e4r5t6y',
    '123456789012',
    'qwertyqwerty',
    'abababababab',
    'aaaaaaaaaaaaaaa',
    'monkeybanana',
    'iloveyousunshine',
    'correct horse battery staple',
    'Dragonmaster99',
    '!!!football!!!',
    'zaq12wsxcde3',
  ])('refuses the common password %s', (password) => {
    expect(findPasswordWeakness(password, EMAIL)).toBe('common');
  });

  it.each(['violet-cactus-harbour', 'Vx7#qLm2pR9w', 'my cat is called Pixel', 'tr0ub4dor&3xyz'])(
    'accepts %s',
    (password) => {
      expect(findPasswordWeakness(password, EMAIL)).toBeUndefined();
    },
  );

  it('refuses a password containing the email local part, in any case or spelling', () => {
    expect(findPasswordWeakness('ADA.LOVELACE-rocks', EMAIL)).toBe('contains-email');
    expect(findPasswordWeakness('adalovelace#2026', EMAIL)).toBe('contains-email');
    expect(findPasswordWeakness(EMAIL, EMAIL)).toBe('contains-email');
    // Local parts under three characters would forbid too much to say anything.
    expect(findPasswordWeakness('violet-cactus-harbour', 'vi@example.com')).toBeUndefined();
  });

  it('reports the reason in the error details', () => {
    try {
      assertPasswordAllowed('short', EMAIL);
      expect.unreachable();
    } catch (error) {
      expect(isGateError(error) && error.code).toBe('GATE_WEAK_PASSWORD');
      expect(isGateError(error) && error.details).toEqual({
        reason: 'too-short',
        minLength: 12,
        maxLength: 128,
      });
    }
  });

  it('normalises to NFC without dropping anything', () => {
    const decomposed = 'cafe\u0301-au-lait-noir';
    expect(normalizePassword(decomposed)).toBe('caf\u00e9-au-lait-noir');
    expect(normalizePassword('x'.repeat(500))).toHaveLength(500);
  });
});
