import type { Random } from '../../random/seeded-random.js';
import { type Layout, layWords } from './crossword-layout.js';

/** Total letters across all attempts' words: attempts shrink for long lists to bound the time. */
const LETTER_BUDGET = 12_000;
const MIN_ATTEMPTS = 8;
const MAX_ATTEMPTS = 60;

function countLetters(layout: Layout): number {
  return layout.canvas.letters.reduce((sum, letter) => sum + (letter === 0 ? 0 : 1), 0);
}

function measure(layout: Layout): { side: number; area: number } {
  const { box } = layout.canvas;
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  return { side: Math.max(width, height), area: width * height };
}

// More words placed wins; then the shorter longest side (a squarer grid prints with bigger
// cells), then the smaller area, then more filled cells (denser).
function isBetter(candidate: Layout, best: Layout | null): boolean {
  if (!best) return true;
  if (candidate.unplaced.length !== best.unplaced.length)
    return candidate.unplaced.length < best.unplaced.length;
  const a = measure(candidate);
  const b = measure(best);
  if (a.side !== b.side) return a.side < b.side;
  if (a.area !== b.area) return a.area < b.area;
  return countLetters(candidate) > countLetters(best);
}

// Attempt 0 is longest-first; the rest jitter the lengths so other words lead and meet in other
// orders, and every fourth one is a plain shuffle.
function orderWords(answers: readonly string[], attempt: number, random: Random): number[] {
  const indexes = answers.map((_, index) => index);
  if (attempt % 4 === 3) return random.shuffle(indexes);
  const jitter = attempt === 0 ? 0 : 3;
  const keys = indexes.map((index) => (answers[index]?.length ?? 0) + random.next() * jitter);
  return indexes.sort((a, b) => (keys[b] as number) - (keys[a] as number) || a - b);
}

/**
 * Tries several seeded word orders and keeps the layout that places the most words in the
 * smallest, squarest, densest bounding box. The number of attempts is fixed by the input (8–60, fewer
 * for long lists), never by a clock, so the result is the same on every machine.
 *
 * @example
 * const layout = arrangeCrossword(['PYTHON', 'TYPESCRIPT', 'RUST'], 15, createRandom('c'));
 */
export function arrangeCrossword(answers: readonly string[], maxSize: number, random: Random): Layout {
  const letters = answers.reduce((sum, answer) => sum + answer.length, 0);
  const attempts = Math.max(
    MIN_ATTEMPTS,
    Math.min(MAX_ATTEMPTS, Math.floor(LETTER_BUDGET / Math.max(1, letters))),
  );
  let best: Layout | null = null;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const attemptRandom = random.fork(`attempt-${attempt}`);
    const layout = layWords(answers, orderWords(answers, attempt, attemptRandom), maxSize, attemptRandom);
    if (isBetter(layout, best)) best = layout;
  }
  return best as Layout;
}
