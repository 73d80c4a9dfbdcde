import type { ActivityIssue } from '../../errors.js';
import { foldAccents, hasNonLatinLetter } from '../../internal/fold-letters.js';
import type { CryptogramInput } from './cryptogram-types.js';

/**
 * Folds a quotation for enciphering: accents dropped (é → E, ß → SS), capitals, runs of white
 * space made one space. Returns null when a letter outside A–Z remains (Greek, Cyrillic…), which
 * could not be enciphered and would give the answer away.
 *
 * @example
 * foldQuotation('Crème brûlée,\n  s’il vous plaît!'); // 'CREME BRULEE, S’IL VOUS PLAIT!'
 */
export function foldQuotation(text: string): string | null {
  const folded = foldAccents(text).replace(/\s+/g, ' ').trim();
  return hasNonLatinLetter(folded) ? null : folded;
}

/**
 * Counts the different letters A–Z in a folded text.
 *
 * @example
 * countDistinctLetters('HELLO, WORLD'); // 7
 */
export function countDistinctLetters(text: string): number {
  return new Set(text.replace(/[^A-Z]/g, '')).size;
}

/**
 * The cryptogram-specific input checks: the text folds to A–Z plus punctuation, has a letter,
 * and leaves at least one letter unrevealed by the hints. Without `text`, a bundled public-domain
 * quotation is chosen by the seed.
 *
 * @example
 * normalizeCryptogramInput({ text: 'Knowledge is power.', author: 'Francis Bacon', hints: 2 });
 */
export function normalizeCryptogramInput(values: Record<string, unknown>): {
  input: CryptogramInput;
  issues: ActivityIssue[];
} {
  const issues: ActivityIssue[] = [];
  const hints = Number(values.hints);
  const author =
    typeof values.author === 'string' && values.author.trim() !== ''
      ? values.author.trim().replace(/\s+/g, ' ')
      : null;
  if (typeof values.text !== 'string') return { input: { text: null, author, hints }, issues };
  const text = foldQuotation(values.text);
  if (text === null) {
    issues.push({
      code: 'ACT_INVALID_INPUT',
      message: 'text: only letters A–Z (accents are dropped) can be enciphered.',
      path: '/text',
    });
  } else {
    const distinct = countDistinctLetters(text);
    if (distinct === 0)
      issues.push({ code: 'ACT_INVALID_INPUT', message: 'text: has no letters to encipher.', path: '/text' });
    else if (hints >= distinct) {
      issues.push({
        code: 'ACT_INVALID_INPUT',
        message: `hints: ${hints} would reveal every letter; the text has ${distinct} different letters, so at most ${distinct - 1}.`,
        path: '/hints',
      });
    }
  }
  return { input: { text, author, hints }, issues };
}
