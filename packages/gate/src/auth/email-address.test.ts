import { describe, expect, it } from 'vitest';
import { isGateError } from '../errors.js';
import { readEmail } from './credential-rules.js';
import { findConfusableEmailProblem, normalizeEmailAddress } from './email-address.js';

function refusalOf(email: string) {
  try {
    readEmail(email);
  } catch (error) {
    if (isGateError(error)) return { code: error.code, details: error.details };
    throw error;
  }
  return undefined;
}

describe('email addresses', () => {
  it('folds fullwidth letters (NFKC) and the dotted capital I to the plain address', () => {
    expect(readEmail('ａｄｍｉｎ@example.test')).toBe('admin@example.test');
    expect(readEmail('ＡＤＭＩＮ＠ＥＸＡＭＰＬＥ．ＴＥＳＴ')).toBe('admin@example.test');
    expect(readEmail('ADM\u0130N@example.test')).toBe('admin@example.test');
    expect(readEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(readEmail('ﬁle@example.test')).toBe('file@example.test');
    expect(normalizeEmailAddress('Ａ@b')).toBe('a@b');
  });

  it.each([
    ['a zero-width space', 'admin\u200b@example.test', 'invisible-character', 'U+200B'],
    ['a zero-width joiner', 'ad\u200dmin@example.test', 'invisible-character', 'U+200D'],
    ['a soft hyphen', 'ad\u00admin@example.test', 'invisible-character', 'U+00AD'],
    ['a variation selector', 'admin\ufe0f@example.test', 'invisible-character', 'U+FE0F'],
    ['a word joiner in the domain', 'admin@exam\u2060ple.test', 'invisible-character', 'U+2060'],
    ['a right-to-left override', '\u202eadmin@example.test', 'bidi-control', 'U+202E'],
    ['a left-to-right mark', 'admin\u200e@example.test', 'bidi-control', 'U+200E'],
    ['a combining dot on i', 'admi\u0307n@example.test', 'combining-mark', 'U+0307'],
    ['a Cyrillic а among Latin letters', 'p\u0430ypal@example.test', 'mixed-script', 'U+0430'],
    ['a Greek ο among Latin letters', 'g\u03bfogle@example.test', 'mixed-script', 'U+03BF'],
    ['Latin after Cyrillic', '\u0430dmin@example.test', 'mixed-script', 'U+0064'],
  ])('refuses %s with GATE_EMAIL_CONFUSABLE', (_name, email, reason, codePoint) => {
    expect(refusalOf(email)).toEqual({
      code: 'GATE_EMAIL_CONFUSABLE',
      details: { field: 'email', reason, codePoint },
    });
  });

  it.each([
    ['accented Latin', 'josé.núñez@example.test'],
    ['accented Latin typed decomposed', 'jose\u0301@example.test'],
    ['Cyrillic only, with digits', 'пример42@example.test'],
    ['Greek only', 'αλφα@example.test'],
    ['Japanese: Han with kana', '山田たろう@example.jp'],
    ['Korean: Han with Hangul', '金민수@example.kr'],
    ['Devanagari with its vowel signs', 'हिंदी@example.in'],
  ])('accepts %s', (_name, email) => {
    expect(findConfusableEmailProblem(email)).toBeUndefined();
    expect(() => readEmail(email)).not.toThrow();
  });

  it('still refuses what is not an address with GATE_INVALID_INPUT', () => {
    expect(refusalOf('not an address')?.code).toBe('GATE_INVALID_INPUT');
    expect(refusalOf('a@exämple.test')?.code).toBe('GATE_INVALID_INPUT');
  });
});
