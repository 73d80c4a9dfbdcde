import type { ActivityIssue } from '../../errors.js';
import { foldAccents } from '../../internal/fold-letters.js';

/**
 * Upper-cases a word and keeps only the letters A–Z, after folding accents (é → E, ß → SS).
 *
 * @example
 * normalizeWord("Crème brûlée!"); // 'CREMEBRULEE'
 */
export function normalizeWord(text: string): string {
  return foldAccents(text).replace(/[^A-Z]/g, '');
}

/**
 * Normalises a word list: letters only, duplicates (after normalising) dropped keeping the first,
 * each word 2 to `maxLength` letters.
 *
 * @example
 * readWordList(['Sun', 'sun!', 'Moon'], 12).words; // ['SUN', 'MOON']
 */
export function readWordList(
  raw: readonly string[],
  maxLength: number,
): { words: string[]; issues: ActivityIssue[] } {
  const issues: ActivityIssue[] = [];
  const words: string[] = [];
  raw.forEach((text, index) => {
    const word = normalizeWord(text);
    if (word.length < 2) {
      issues.push({
        code: 'ACT_INVALID_INPUT',
        message: `words: "${text}" needs at least 2 letters A–Z.`,
        path: `/words/${index}`,
      });
    } else if (word.length > maxLength) {
      issues.push({
        code: 'ACT_INVALID_INPUT',
        message: `words: "${text}" is longer than the grid (${maxLength} letters).`,
        path: `/words/${index}`,
      });
    } else if (!words.includes(word)) {
      words.push(word);
    }
  });
  return { words, issues };
}
