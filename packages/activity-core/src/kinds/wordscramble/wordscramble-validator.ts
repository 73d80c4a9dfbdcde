import type { ActivityIssue } from '../../errors.js';

const MAX_ITEMS = 100;

const fail = (message: string, path = ''): ActivityIssue => ({ code: 'ACT_INVALID_PAGE', message, path });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWord = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{2,}$/.test(value);
const sortLetters = (word: string): string => Array.from(word).sort().join('');

/**
 * Checks a word scramble doc: every item is a scramble of its answer (the same letters, in another
 * order), no scramble spells any answer of the page, answers appear once. Never throws.
 *
 * @example
 * validateWordscramble(page.doc); // [] when consistent
 */
export function validateWordscramble(doc: unknown): ActivityIssue[] {
  if (!isRecord(doc)) return [fail('A word scramble page must be an object.')];
  const { items, hint } = doc;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) {
    return [fail(`items must be a list of 1 to ${MAX_ITEMS} { scrambled, answer }.`, '/items')];
  }
  const issues: ActivityIssue[] = [];
  if (typeof hint !== 'boolean') issues.push(fail('hint must be true or false.', '/hint'));
  const answers = new Set(
    items.flatMap((item) => (isRecord(item) && isWord(item.answer) ? [item.answer] : [])),
  );
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const path = `/items/${index}`;
    if (!isRecord(item) || !isWord(item.scrambled) || !isWord(item.answer)) {
      issues.push(fail(`item ${index + 1}: scrambled and answer must be 2 or more letters A–Z.`, path));
      return;
    }
    const { scrambled, answer } = item;
    if (sortLetters(scrambled) !== sortLetters(answer))
      issues.push(fail(`item ${index + 1}: ${scrambled} does not have the letters of ${answer}.`, path));
    else if (answers.has(scrambled))
      issues.push(
        fail(`item ${index + 1}: ${scrambled} is not scrambled: it spells ${scrambled}, an answer.`, path),
      );
    if (seen.has(answer)) issues.push(fail(`item ${index + 1}: ${answer} appears twice.`, path));
    seen.add(answer);
  });
  return issues;
}
