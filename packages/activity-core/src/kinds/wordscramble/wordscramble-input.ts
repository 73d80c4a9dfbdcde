import type { ActivityIssue } from '../../errors.js';
import { foldToLetters } from '../../internal/fold-letters.js';
import { countArrangements } from './wordscramble-scrambler.js';
import type { WordscrambleInput } from './wordscramble-types.js';

const MAX_LETTERS = 15;

const fail = (message: string, path: string): ActivityIssue => ({ code: 'ACT_INVALID_INPUT', message, path });

/**
 * Folds a word to the letters A–Z (accents dropped, ß → SS, spaces and hyphens removed); null
 * when a letter outside A–Z remains.
 *
 * @example
 * foldWord('Crème-brûlée'); // 'CREMEBRULEE'
 */
export function foldWord(text: string): string | null {
  return foldToLetters(text);
}

const sortLetters = (word: string): string => Array.from(word).sort().join('');

/**
 * Finds the words no scramble can serve: every arrangement of their letters is the word itself
 * (AA, ZZZ) or another word of the list (AB with BA listed).
 *
 * @example
 * findUnscramblable(['AA', 'AB', 'BA', 'CAT']); // [{ index: 0, others: [] }, { index: 1, others: ['BA'] }, { index: 2, others: ['AB'] }]
 */
export function findUnscramblable(words: readonly string[]): { index: number; others: string[] }[] {
  const found: { index: number; others: string[] }[] = [];
  words.forEach((word, index) => {
    const others = words.filter((other, j) => j !== index && sortLetters(other) === sortLetters(word));
    if (countArrangements(word) <= 1 + others.length) found.push({ index, others });
  });
  return found;
}

/**
 * The word-scramble-specific input checks: words fold to 2–15 letters A–Z, appear once, and each
 * has an arrangement that is neither itself nor another listed word.
 *
 * @example
 * normalizeWordscrambleInput({ words: ['cat', 'dog'], theme: 'animals', count: 12, hint: false });
 */
export function normalizeWordscrambleInput(values: Record<string, unknown>): {
  input: WordscrambleInput;
  issues: ActivityIssue[];
} {
  const issues: ActivityIssue[] = [];
  const base = { theme: String(values.theme), count: Number(values.count), hint: values.hint === true };
  if (!Array.isArray(values.words)) return { input: { words: null, ...base }, issues };
  const words: string[] = [];
  const indexes: number[] = [];
  (values.words as string[]).forEach((text, index) => {
    const word = foldWord(text);
    const path = `/words/${index}`;
    if (word === null) issues.push(fail(`words: "${text}" has letters outside A–Z.`, path));
    else if (word.length < 2 || word.length > MAX_LETTERS)
      issues.push(fail(`words: "${text}" must have 2 to ${MAX_LETTERS} letters A–Z.`, path));
    else if (words.includes(word)) issues.push(fail(`words: ${word} is listed twice.`, path));
    else {
      words.push(word);
      indexes.push(index);
    }
  });
  for (const { index, others } of findUnscramblable(words)) {
    const word = words[index] as string;
    const why =
      others.length === 0
        ? 'every arrangement of its letters is the word itself'
        : `its other arrangements are listed too (${others.join(', ')})`;
    issues.push(fail(`words: ${word} cannot be scrambled: ${why}.`, `/words/${indexes[index]}`));
  }
  return { input: { words, ...base }, issues };
}
