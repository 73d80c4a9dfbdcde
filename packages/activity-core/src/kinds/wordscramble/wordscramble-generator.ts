import type { Random } from '../../random/seeded-random.js';
import { scrambleWord } from './wordscramble-scrambler.js';
import { WORDSCRAMBLE_THEMES, type WordscrambleTheme } from './wordscramble-themes.js';
import type { WordscrambleDoc, WordscrambleInput } from './wordscramble-types.js';

/**
 * Scrambles each word (the caller's in their order, or `count` picked from the theme) so that
 * no scramble is its own word or any other listed word.
 *
 * @example
 * generateWordscramble({ words: ['CAT', 'DOG'], theme: 'animals', count: 12, hint: true }, createRandom('w'));
 */
export function generateWordscramble(input: WordscrambleInput, random: Random): WordscrambleDoc {
  const theme: readonly string[] =
    WORDSCRAMBLE_THEMES[input.theme as WordscrambleTheme] ?? WORDSCRAMBLE_THEMES.animals;
  const words = input.words ?? random.fork('theme').shuffle(theme).slice(0, input.count);
  const forbidden = new Set(words);
  const scrambleRandom = random.fork('scramble');
  return {
    items: words.map((answer) => ({ scrambled: scrambleWord(answer, forbidden, scrambleRandom), answer })),
    hint: input.hint,
  };
}
