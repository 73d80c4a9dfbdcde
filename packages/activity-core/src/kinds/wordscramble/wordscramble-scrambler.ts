import { ActivityError } from '../../errors.js';
import type { Random } from '../../random/seeded-random.js';

/** Up to this many distinct arrangements are listed in full; longer words are shuffled. */
const ENUMERATE_LIMIT = 720;
const SHUFFLES = 40;

/**
 * The number of distinct arrangements of a word's letters (n! / ∏ repeats!), capped at `cap`.
 *
 * @example
 * countArrangements('AAB'); // 3
 */
export function countArrangements(word: string, cap = 1_000_000): number {
  const repeats = new Map<string, number>();
  let count = 1;
  for (let i = 0; i < word.length; i++) {
    const letter = word[i] as string;
    const seen = (repeats.get(letter) ?? 0) + 1;
    repeats.set(letter, seen);
    // Multiplying by (i + 1) / seen at each step keeps every partial result a whole number.
    count = (count * (i + 1)) / seen;
    if (count >= cap) return cap;
  }
  return Math.round(count);
}

function listArrangements(word: string): string[] {
  const letters = Array.from(word).sort();
  const out: string[] = [letters.join('')];
  for (;;) {
    let i = letters.length - 2;
    while (i >= 0 && (letters[i] as string) >= (letters[i + 1] as string)) i--;
    if (i < 0) return out;
    let j = letters.length - 1;
    while ((letters[j] as string) <= (letters[i] as string)) j--;
    [letters[i], letters[j]] = [letters[j] as string, letters[i] as string];
    const tail = letters.splice(i + 1).reverse();
    letters.push(...tail);
    out.push(letters.join(''));
  }
}

const countInPlace = (a: string, b: string): number =>
  Array.from(a).filter((letter, i) => b[i] === letter).length;

/**
 * Scrambles a word so it is neither the word nor any `forbidden` word, preferring arrangements
 * that leave the fewest letters in their place (seeded ties). Short words are chosen from all
 * their distinct arrangements; long ones from a batch of shuffles.
 *
 * @example
 * scrambleWord('TIGER', new Set(['TIGER']), createRandom('s')); // 'GETRI' or another, never 'TIGER'
 */
export function scrambleWord(word: string, forbidden: ReadonlySet<string>, random: Random): string {
  const candidates =
    countArrangements(word) <= ENUMERATE_LIMIT
      ? listArrangements(word)
      : Array.from({ length: SHUFFLES }, () => random.shuffle(Array.from(word)).join(''));
  let best: string[] = [];
  let bestInPlace = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word || forbidden.has(candidate)) continue;
    const inPlace = countInPlace(candidate, word);
    if (inPlace < bestInPlace) {
      best = [];
      bestInPlace = inPlace;
    }
    if (inPlace === bestInPlace) best.push(candidate);
  }
  if (best.length === 0)
    throw new ActivityError(
      'ACT_GENERATION_FAILED',
      `${word} could not be scrambled into a new arrangement.`,
    );
  return random.pick(best);
}
