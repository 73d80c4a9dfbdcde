import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActivityError } from '../../errors.js';
import { generatePage } from '../../generate-page.js';
import { createRandom } from '../../random/seeded-random.js';
import { chooseHintLetters, createDerangement } from './cryptogram-cipher.js';
import { cryptogramKind } from './cryptogram-kind.js';
import type { CryptogramDoc } from './cryptogram-types.js';

function generate(input: Record<string, unknown>, seed: string | number = 'test'): CryptogramDoc {
  return generatePage({ kind: 'cryptogram', input, seed }).doc as unknown as CryptogramDoc;
}

function decode(doc: CryptogramDoc): string {
  return doc.cipherText.replace(/[A-Z]/g, (letter) => doc.key[letter] ?? '?');
}

function inputError(input: Record<string, unknown>): string {
  try {
    generatePage({ kind: 'cryptogram', input, seed: 1 });
  } catch (error) {
    if (isActivityError(error) && error.code === 'ACT_INVALID_INPUT')
      return error.issues.map((i) => i.message).join(' ');
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe('cryptogram kind', () => {
  it('enciphers letters only, folding case and accents, and keeps everything else', () => {
    const doc = generate({ text: 'Crème brûlée — 2 spoons,\n please!', author: 'A. Cook', hints: 2 });
    expect(doc.plainText).toBe('CREME BRULEE — 2 SPOONS, PLEASE!');
    expect(doc.cipherText.replace(/[A-Z]/g, '*')).toBe('***** ****** — 2 ******, ******!');
    expect(decode(doc)).toBe(doc.plainText);
    expect(doc.author).toBe('A. Cook');
    expect(doc.hints).toHaveLength(2);
    expect(cryptogramKind.validate(doc)).toEqual([]);
  });

  it('picks a bundled quotation with its author when no text is given', () => {
    const doc = generate({});
    expect(doc.plainText.length).toBeGreaterThan(10);
    expect(doc.author).toBeTruthy();
    expect(cryptogramKind.validate(doc)).toEqual([]);
  });

  it('refuses foreign letters, letterless text and hints that reveal everything', () => {
    expect(inputError({ text: 'Γεια σου' })).toMatch(/only letters A–Z/);
    expect(inputError({ text: '1234 !!' })).toMatch(/no letters/);
    expect(inputError({ text: 'abba', hints: 2 })).toMatch(/at most 1/);
  });

  it('chooses hints that are frequent and sit in short words', () => {
    expect(chooseHintLetters('THE CAT AND THE HAT', 2, createRandom(1)).sort()).toEqual(['H', 'T']);
  });

  it('always builds a derangement, and every page decodes and validates', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 10 }),
        (seed, text, hints) => {
          const alphabet = createDerangement(createRandom(seed));
          expect([...alphabet].sort().join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
          for (let i = 0; i < 26; i++) expect(alphabet.charCodeAt(i)).not.toBe(65 + i);
          const letters = new Set(
            text
              .normalize('NFKD')
              .toUpperCase()
              .replace(/[^A-Z]/g, ''),
          ).size;
          if (letters === 0 || /[^\P{L}A-Za-z]/u.test(text.normalize('NFKD').replace(/\p{M}/gu, ''))) return;
          const doc = generate({ text, hints: Math.min(hints, letters - 1) }, seed);
          expect(decode(doc)).toBe(doc.plainText);
          for (const [cipher, plain] of Object.entries(doc.key)) expect(cipher).not.toBe(plain);
          expect(cryptogramKind.validate(doc)).toEqual([]);
        },
      ),
      { seed: 555, numRuns: 400 },
    );
  });

  it('makes the same page from the same seed', () => {
    const a = generatePage({ kind: 'cryptogram', input: { hints: 3 }, seed: 's' });
    expect(generatePage({ kind: 'cryptogram', input: { hints: 3 }, seed: 's' })).toEqual(a);
    expect(generatePage({ kind: 'cryptogram', input: { hints: 3 }, seed: 't' }).doc).not.toEqual(a.doc);
  });

  it('rejects a letter mapped to itself, a wrong decoding, an unused key letter and bad hints', () => {
    const doc = generate({ text: 'The quick brown fox jumps over the lazy dog.', hints: 1 });
    const cipherT = Object.keys(doc.key).find((c) => doc.key[c] === 'T') as string;
    // Make A stand for itself: the cipher letter that stood for A takes over A's old plain letter.
    const fixed = structuredClone(doc);
    const cipherForA = Object.keys(doc.key).find((c) => doc.key[c] === 'A') as string;
    fixed.key[cipherForA] = doc.key.A as string;
    fixed.key.A = 'A';
    expect(
      cryptogramKind
        .validate(fixed)
        .map((i) => i.message)
        .join(),
    ).toMatch(/stands for itself/);

    const wrong = structuredClone(doc);
    wrong.plainText = wrong.plainText.replace('QUICK', 'QUACK');
    expect(
      cryptogramKind
        .validate(wrong)
        .map((i) => i.message)
        .join(),
    ).toMatch(/does not decode/);

    const unused = structuredClone(doc);
    unused.plainText = unused.plainText.replace(/T/g, '!');
    unused.cipherText = unused.cipherText.replaceAll(cipherT, '!');
    expect(
      cryptogramKind
        .validate(unused)
        .map((i) => i.message)
        .join(),
    ).toMatch(/never appear/);

    const hints = structuredClone(doc);
    hints.hints = ['a'];
    expect(cryptogramKind.validate(hints).length).toBeGreaterThan(0);
  });

  it('never throws on garbage', () => {
    for (const doc of [
      null,
      3,
      [],
      {},
      { cipherText: 'A', plainText: 'B', key: [] },
      { cipherText: 'A', plainText: 'B', key: { A: 1 } },
    ]) {
      expect(cryptogramKind.validate(doc).length).toBeGreaterThan(0);
    }
  });

  it('draws a blank under every letter, fills hints, and the key fills them all', () => {
    const doc = generate({ text: 'To err is human, to forgive divine.', author: 'Alexander Pope', hints: 2 });
    const letters = doc.plainText.replace(/[^A-Z]/g, '').length;
    const puzzle = cryptogramKind.draw(doc, { key: false, largePrint: false });
    const key = cryptogramKind.draw(doc, { key: true, largePrint: false });
    const bold = (drawing: typeof puzzle) =>
      drawing.items.filter((item) => item.type === 'text' && item.bold).length;
    expect(puzzle.items.filter((item) => item.type === 'line')).toHaveLength(letters + 26);
    const hinted = [...doc.cipherText].filter((c) => doc.hints.includes(c)).length;
    expect(bold(puzzle)).toBe(hinted + doc.hints.length);
    expect(bold(key)).toBe(letters + Object.keys(doc.key).length);
    expect(puzzle.items.some((item) => item.type === 'text' && item.text === '— Alexander Pope')).toBe(true);
    expect(puzzle.width).toBeLessThanOrEqual(127);
    const large = cryptogramKind.draw(doc, { key: false, largePrint: true });
    expect(
      Math.min(...large.items.flatMap((item) => (item.type === 'text' ? [item.size] : []))),
    ).toBeGreaterThanOrEqual(18);
  });
});
