import type { Random } from '../../random/seeded-random.js';
import { DIRECTION_STEPS } from './wordsearch-directions.js';
import { THEMES } from './wordsearch-themes.js';
import type { WordsearchInput } from './wordsearch-types.js';

const reversed = (word: string) => [...word].reverse().join('');

/** The most cells in one straight line of the mask along an allowed direction. */
function measureLongestLine(input: WordsearchInput): number {
  const { width, height, cells } = input.mask;
  const isIn = (row: number, col: number) =>
    row >= 0 && row < height && col >= 0 && col < width && cells[row * width + col] === 1;
  let longest = 0;
  for (const direction of input.directions) {
    const [dr, dc] = DIRECTION_STEPS[direction];
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        if (!isIn(row, col) || isIn(row - dr, col - dc)) continue; // walk each run once, from its first cell
        let run = 0;
        while (isIn(row + dr * run, col + dc * run)) run++;
        longest = Math.max(longest, run);
      }
    }
  }
  return longest;
}

/**
 * Picks `input.count` words of the input's theme at random: only words that fit the shape's
 * longest line in the allowed directions, and none read inside another picked word (SUN in
 * VENUS), so a themed page never has to drop a word.
 *
 * @example
 * pickThemeWords({ ...input, theme: 'space', count: 12 }, random); // ['COMET', 'ORBIT', …]
 */
export function pickThemeWords(input: WordsearchInput, random: Random): string[] {
  const longest = measureLongestLine(input);
  const picked: string[] = [];
  for (const word of random.shuffle(THEMES[input.theme].filter((w) => w.length <= longest))) {
    if (picked.length === input.count) break;
    const tangled = picked.some(
      (other) =>
        [word, reversed(word)].some((w) => other.includes(w)) ||
        [other, reversed(other)].some((o) => word.includes(o)),
    );
    if (!tangled) picked.push(word);
  }
  return picked;
}
