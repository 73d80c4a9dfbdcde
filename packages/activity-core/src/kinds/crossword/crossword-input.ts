import type { ActivityIssue } from '../../errors.js';
import { foldToLetters } from '../../internal/fold-letters.js';
import type { CrosswordInput, CrosswordWord } from './crossword-types.js';

const MAX_CLUE_LENGTH = 200;

const fail = (message: string, path: string): ActivityIssue => ({ code: 'ACT_INVALID_INPUT', message, path });

/**
 * Folds a word to the letters A–Z: accents dropped (é → E, ß → SS), case folded, spaces, hyphens
 * and apostrophes removed. Returns null when a letter outside A–Z remains (Greek, Cyrillic…).
 *
 * @example
 * foldAnswer("Île-de-France"); // 'ILEDEFRANCE'
 */
export function foldAnswer(text: string): string | null {
  return foldToLetters(text);
}

function readEntry(
  raw: unknown,
  index: number,
  maxSize: number,
  issues: ActivityIssue[],
): CrosswordWord | null {
  const path = `/words/${index}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    issues.push(fail(`words ${index + 1}: expected { word, clue }.`, path));
    return null;
  }
  const { word, clue } = raw as Record<string, unknown>;
  if (typeof word !== 'string') {
    issues.push(fail(`words ${index + 1}: word must be text.`, `${path}/word`));
    return null;
  }
  const answer = foldAnswer(word);
  if (answer === null)
    issues.push(fail(`words ${index + 1}: "${word}" has letters outside A–Z.`, `${path}/word`));
  else if (answer.length < 2)
    issues.push(fail(`words ${index + 1}: "${word}" needs at least 2 letters A–Z.`, `${path}/word`));
  else if (answer.length > maxSize)
    issues.push(fail(`words ${index + 1}: "${word}" is longer than maxSize (${maxSize}).`, `${path}/word`));
  const text = typeof clue === 'string' ? clue.trim().replace(/\s+/g, ' ') : '';
  if (text.length === 0)
    issues.push(fail(`words ${index + 1}: clue must be non-empty text.`, `${path}/clue`));
  else if (text.length > MAX_CLUE_LENGTH)
    issues.push(fail(`words ${index + 1}: clue is over ${MAX_CLUE_LENGTH} characters.`, `${path}/clue`));
  return answer && answer.length >= 2 && answer.length <= maxSize && text ? { answer, clue: text } : null;
}

/**
 * The crossword-specific input checks: each entry `{ word, clue }`, answers folded to A–Z, 2 to
 * `maxSize` letters, no answer twice, clues 1–200 characters. Without `words`, the bundled
 * `theme` supplies them.
 *
 * @example
 * normalizeCrosswordInput({ words: [{ word: 'Cat', clue: 'Purrs' }, { word: 'Tea', clue: 'Brew' }], maxSize: 15, theme: 'animals', count: 12 });
 */
export function normalizeCrosswordInput(values: Record<string, unknown>): {
  input: CrosswordInput;
  issues: ActivityIssue[];
} {
  const issues: ActivityIssue[] = [];
  const maxSize = Number(values.maxSize);
  const theme = String(values.theme);
  const count = Number(values.count);
  if (!Array.isArray(values.words)) return { input: { words: null, theme, count, maxSize }, issues };
  const raw = values.words;
  const words: CrosswordWord[] = [];
  const firstIndex = new Map<string, number>();
  raw.forEach((item, index) => {
    const entry = readEntry(item, index, maxSize, issues);
    if (!entry) return;
    const earlier = firstIndex.get(entry.answer);
    if (earlier !== undefined) {
      issues.push(
        fail(
          `words ${index + 1}: the answer ${entry.answer} is already entry ${earlier + 1}.`,
          `/words/${index}/word`,
        ),
      );
      return;
    }
    firstIndex.set(entry.answer, index);
    words.push(entry);
  });
  return { input: { words, theme, count, maxSize }, issues };
}
