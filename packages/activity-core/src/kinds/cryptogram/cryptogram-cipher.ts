import type { Random } from '../../random/seeded-random.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A random substitution alphabet in which no letter stands for itself (a derangement): a seeded
 * shuffle, then each letter left in place swapped with another random position. Such a swap
 * never creates a new fixed point, so one pass removes them all — no rejection loop.
 * Returns the cipher letter for each plain letter A–Z.
 *
 * @example
 * createDerangement(createRandom('k')); // 'QWERTY…': 'Q' enciphers A, never 'A'
 */
export function createDerangement(random: Random): string {
  const order = random.shuffle(Array.from(ALPHABET, (_, i) => i));
  for (let i = 0; i < order.length; i++) {
    if (order[i] !== i) continue;
    let j = random.int(0, order.length - 2);
    if (j >= i) j++;
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order.map((i) => ALPHABET[i]).join('');
}

/**
 * Enciphers the letters A–Z of a text with a substitution alphabet; everything else is kept.
 *
 * @example
 * encipher('HI, BOB', 'BCDEFGHIJKLMNOPQRSTUVWXYZA'); // 'IJ, CPC'
 */
export function encipher(text: string, alphabet: string): string {
  return text.replace(/[A-Z]/g, (letter) => alphabet[letter.charCodeAt(0) - 65] ?? letter);
}

// A hint is worth more when its letter is frequent and when it sits in short words, which are
// where solvers start (A, I, THE, AND).
function rateLetters(plainText: string): Map<string, number> {
  const ratings = new Map<string, number>();
  for (const word of plainText.split(/[^A-Z]+/)) {
    for (const letter of word) ratings.set(letter, (ratings.get(letter) ?? 0) + (word.length <= 3 ? 3 : 1));
  }
  return ratings;
}

/**
 * Chooses `count` plain letters worth revealing: the highest rated, seeded ties.
 *
 * @example
 * chooseHintLetters('THE CAT SAT', 1, createRandom('h')); // ['T']
 */
export function chooseHintLetters(plainText: string, count: number, random: Random): string[] {
  const rated = [...rateLetters(plainText)].map(([letter, rating]) => ({
    letter,
    rating,
    tie: random.next(),
  }));
  rated.sort((a, b) => b.rating - a.rating || a.tie - b.tie);
  return rated.slice(0, count).map((entry) => entry.letter);
}
