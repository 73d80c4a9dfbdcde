import { type Direction, reverseDirection } from './wordsearch-directions.js';

function listRanges(word: string, inside: string, ranges: Set<string>, tag: string): void {
  for (let at = inside.indexOf(word); at >= 0; at = inside.indexOf(word, at + 1)) ranges.add(`${tag}:${at}`);
}

/**
 * Words that can never occur exactly once: ones found inside other listed words more than once
 * in total (AN in BANANA; SUN in SUNFLOWER and SUNDAY). Backward readings count only when some
 * allowed direction's reverse is allowed too. A word inside exactly one other word stays: it is
 * then read inside that word (its key cells are that stretch).
 *
 * @example
 * listOverContained(['BANANA', 'AN', 'BAN'], ['E']); // Set { 'AN' }
 */
export function listOverContained(words: readonly string[], directions: readonly Direction[]): Set<string> {
  const backwards = directions.some((direction) => directions.includes(reverseDirection(direction)));
  const out = new Set<string>();
  for (const word of words) {
    const ranges = new Set<string>();
    for (const other of words) {
      if (other === word || other.length < word.length) continue;
      listRanges(word, other, ranges, `${other}+`);
      // A backward reading of the same stretch as a forward one is the same cells: count it once.
      if (backwards) listRanges([...word].reverse().join(''), other, ranges, `${other}+`);
    }
    if (ranges.size > 1) out.add(word);
  }
  return out;
}
