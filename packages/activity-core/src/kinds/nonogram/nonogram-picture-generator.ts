import { ActivityError } from '../../errors.js';
import type { Random } from '../../random/seeded-random.js';
import { readClues } from './nonogram-clues.js';
import { UNKNOWN } from './nonogram-line-solver.js';
import { solveByLines } from './nonogram-solver.js';

/** Fresh pictures tried before giving up; each is repaired a bounded number of times. */
const MAX_PICTURES = 20;

/** Options of {@link createRandomPicture}. */
export interface RandomPictureOptions {
  width: number;
  height: number;
  density: number;
}

function countFilled(picture: readonly number[][]): number {
  return picture.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
}

// One majority-vote pass over each 3×3 neighbourhood (ties keep the cell): noise becomes blobs,
// which read as a picture and leave far fewer ambiguous lines.
function smoothPicture(picture: readonly number[][]): number[][] {
  return picture.map((row, r) =>
    row.map((value, c) => {
      let filled = 0;
      let seen = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const cell = picture[r + dr]?.[c + dc];
          if (cell === undefined) continue;
          filled += cell;
          seen++;
        }
      }
      return filled * 2 > seen ? 1 : filled * 2 === seen ? value : 0;
    }),
  );
}

// Thresholds one noise field at the level whose smoothed picture comes closest to the target
// density: majority voting is monotone, so a bisection on the threshold finds it.
function drawPicture(options: RandomPictureOptions, random: Random): number[][] {
  const { width, height, density } = options;
  const noise: number[][] = [];
  for (let r = 0; r < height; r++) noise.push(Array.from({ length: width }, () => random.next()));
  const render = (threshold: number): number[][] =>
    smoothPicture(smoothPicture(noise.map((row) => row.map((value) => (value < threshold ? 1 : 0)))));
  let low = 0;
  let high = 1;
  for (let step = 0; step < 16; step++) {
    const middle = (low + high) / 2;
    if (countFilled(render(middle)) < density * width * height) low = middle;
    else high = middle;
  }
  const below = render(low);
  const above = render(high);
  const target = density * width * height;
  return Math.abs(countFilled(below) - target) <= Math.abs(countFilled(above) - target) ? below : above;
}

// Flips one cell the solver could not decide, preferring a flip that moves the density back
// toward the target, so repairs do not drift it.
function flipUndecidedCell(picture: number[][], cells: Int8Array, density: number, random: Random): void {
  const width = picture[0]?.length ?? 0;
  const wanted = countFilled(picture) < density * cells.length ? 0 : 1;
  const undecided: number[] = [];
  const preferred: number[] = [];
  cells.forEach((cell, index) => {
    if (cell !== UNKNOWN) return;
    undecided.push(index);
    if (picture[Math.floor(index / width)]?.[index % width] === wanted) preferred.push(index);
  });
  const index = random.pick(preferred.length > 0 ? preferred : undecided);
  const row = picture[Math.floor(index / width)] as number[];
  row[index % width] = 1 - (row[index % width] as number);
}

/**
 * A random picture whose clues the line solver solves completely (so its solution is unique).
 * Noise is smoothed into blobs at the target density (blobs read as a picture and leave far fewer
 * ambiguous lines than noise); then, while the solver is stuck, one undecided cell is flipped and the clues recomputed — a local
 * search that usually needs only a few flips. Bounded: a fresh picture after (width + height) / 2
 * flips, ACT_GENERATION_FAILED after 20 pictures.
 *
 * @example
 * const picture = createRandomPicture({ width: 15, height: 15, density: 0.6 }, createRandom('n'));
 */
export function createRandomPicture(options: RandomPictureOptions, random: Random): number[][] {
  const { width, height, density } = options;
  for (let attempt = 0; attempt < MAX_PICTURES; attempt++) {
    const attemptRandom = random.fork(`picture-${attempt}`);
    const picture = drawPicture(options, attemptRandom);
    // Measured: a stuck picture rarely recovers after (width + height) / 2 flips; a fresh one is cheaper.
    for (let flips = 0; flips <= (width + height) / 2; flips++) {
      const { rowClues, colClues } = readClues(picture);
      const result = solveByLines(rowClues, colClues);
      if (result.solved) {
        if (countFilled(picture) > 0) return picture;
        break;
      }
      flipUndecidedCell(picture, result.cells, density, attemptRandom);
    }
  }
  throw new ActivityError(
    'ACT_GENERATION_FAILED',
    `No line-solvable ${width}×${height} nonogram was found in ${MAX_PICTURES} pictures; try another seed or density.`,
  );
}
