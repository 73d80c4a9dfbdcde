import type { Random } from '../../random/seeded-random.js';
import { chooseHintLetters, createDerangement, encipher } from './cryptogram-cipher.js';
import { countDistinctLetters, foldQuotation } from './cryptogram-input.js';
import { CRYPTOGRAM_QUOTES } from './cryptogram-quotes.js';
import type { CryptogramDoc, CryptogramInput } from './cryptogram-types.js';

/**
 * Enciphers the quotation (the caller's, or a bundled one picked by the seed) with a seeded
 * derangement and picks the hint letters.
 *
 * @example
 * generateCryptogram({ text: 'KNOWLEDGE IS POWER.', author: 'Francis Bacon', hints: 1 }, createRandom('q'));
 */
export function generateCryptogram(input: CryptogramInput, random: Random): CryptogramDoc {
  let plainText = input.text;
  let author = input.author;
  if (plainText === null) {
    const quote = random.fork('quote').pick(CRYPTOGRAM_QUOTES);
    plainText = foldQuotation(quote.text) ?? '';
    author = input.author ?? quote.author;
  }
  const alphabet = createDerangement(random.fork('alphabet'));
  const cipherText = encipher(plainText, alphabet);
  const key: Record<string, string> = {};
  for (const plain of [...new Set(plainText.replace(/[^A-Z]/g, ''))].sort()) {
    key[encipher(plain, alphabet)] = plain;
  }
  const sortedKey = Object.fromEntries(Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1)));
  const hintCount = Math.min(input.hints, countDistinctLetters(plainText) - 1);
  const hints = chooseHintLetters(plainText, hintCount, random.fork('hints'))
    .map((plain) => encipher(plain, alphabet))
    .sort();
  return { cipherText, plainText, key: sortedKey, hints, author };
}
