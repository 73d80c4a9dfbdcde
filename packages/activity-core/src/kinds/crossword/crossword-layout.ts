import type { Random } from '../../random/seeded-random.js';
import {
  ACROSS,
  type Canvas,
  checkPlacement,
  createCanvas,
  DOWN,
  type Placement,
  placeWord,
} from './crossword-canvas.js';

/** A finished layout: the canvas and the words (by input index) that did not fit. */
export interface Layout {
  canvas: Canvas;
  unplaced: number[];
}

interface Candidate extends Placement {
  score: number;
}

// Crossings first (they make the puzzle interlock and cost no area), then the least growth of
// the bounding box, then the squarer shape.
function scorePlacement(crossings: number, area: number, skew: number, oldArea: number): number {
  return crossings * 1000 - (area - oldArea) * 4 - skew * 8;
}

function findBest(canvas: Canvas, answer: string, word: number, random: Random): Candidate | null {
  const { side, directions, box } = canvas;
  const oldArea = (box.bottom - box.top + 1) * (box.right - box.left + 1);
  const best: Candidate[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < answer.length; i++) {
    for (const index of canvas.byLetter[answer.charCodeAt(i) - 65] ?? []) {
      const used = directions[index] as number;
      if (used === (ACROSS | DOWN)) continue;
      const direction = used === ACROSS ? DOWN : ACROSS;
      const row = Math.floor(index / side) - (direction === DOWN ? i : 0);
      const col = (index % side) - (direction === ACROSS ? i : 0);
      const key = (row * side + col) * 2 + direction;
      if (seen.has(key)) continue;
      seen.add(key);
      const check = checkPlacement(canvas, answer, row, col, direction);
      if (!check) continue;
      const score = scorePlacement(check.crossings, check.area, check.skew, oldArea);
      if (best.length > 0 && score < (best[0] as Candidate).score) continue;
      if (best.length > 0 && score > (best[0] as Candidate).score) best.length = 0;
      best.push({ word, row, col, direction, score });
    }
  }
  return best.length > 0 ? random.pick(best) : null;
}

/**
 * Lays the words out in the given order: the first across in the middle, each next one at its
 * best crossing; words that fit nowhere are retried after the rest until a pass places none.
 *
 * @example
 * const { canvas, unplaced } = layWords(['CAT', 'TEA'], [0, 1], 15, createRandom('x'));
 */
export function layWords(
  answers: readonly string[],
  order: readonly number[],
  maxSize: number,
  random: Random,
): Layout {
  const canvas = createCanvas(maxSize);
  let pending = [...order];
  const first = pending.shift();
  if (first !== undefined) {
    const answer = answers[first] as string;
    const middle = Math.floor(canvas.side / 2);
    placeWord(
      canvas,
      { word: first, row: middle, col: middle - Math.floor(answer.length / 2), direction: ACROSS },
      answer,
    );
  }
  for (;;) {
    const left: number[] = [];
    for (const word of pending) {
      const answer = answers[word] as string;
      const candidate = findBest(canvas, answer, word, random);
      if (candidate) placeWord(canvas, candidate, answer);
      else left.push(word);
    }
    if (left.length === 0 || left.length === pending.length) return { canvas, unplaced: left };
    pending = left;
  }
}
