import type { ActivityIssue } from '../../errors.js';
import { SHAPES } from '../../internal/shape-mask.js';
import { DIRECTION_STEPS, DIRECTIONS, type Direction } from './wordsearch-directions.js';
import { createWordScanner, type LetterGrid, toSegment } from './wordsearch-scanner.js';
import { FILL_MODES } from './wordsearch-types.js';

const MAX_SIDE = 30;
const MAX_ISSUES = 20;
const REASONS = ['no-room', 'inside-other-words', 'ambiguous'];

type Report = (path: string, message: string) => void;

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function readGrid(page: Record<string, unknown>, report: Report): LetterGrid | null {
  const { width, height, grid } = page;
  if (!isInt(width, 2, MAX_SIDE) || !isInt(height, 2, MAX_SIDE)) {
    report('/width', `width and height must be whole numbers from 2 to ${MAX_SIDE}.`);
    return null;
  }
  if (
    !Array.isArray(grid) ||
    grid.length !== height ||
    !grid.every((row) => typeof row === 'string' && row.length === width && /^[A-Z ]*$/.test(row))
  ) {
    report('/grid', `grid must be ${height} rows of ${width} letters A–Z (a space outside the shape).`);
    return null;
  }
  const text = (grid as string[]).join('');
  return {
    width,
    height,
    mask: Uint8Array.from(text, (ch) => (ch === ' ' ? 0 : 1)),
    letters: Uint8Array.from(text, (ch) => (ch === ' ' ? 0 : ch.charCodeAt(0) - 64)),
  };
}

function readPlacementCells(
  value: unknown,
  word: string,
  grid: LetterGrid,
  directions: readonly Direction[],
  path: string,
  report: Report,
): number[] | null {
  const placement = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { cells, direction } = placement;
  if (placement.word !== word)
    report(`${path}/word`, `placement must be for "${word}" (placements follow the order of words).`);
  if (
    placement.within !== undefined &&
    (typeof placement.within !== 'string' ||
      placement.within.length <= word.length - 1 ||
      (!placement.within.includes(word) && !placement.within.includes([...word].reverse().join(''))))
  ) {
    report(`${path}/within`, `within must name a listed word that contains ${word}.`);
  }
  if (!directions.includes(direction as Direction)) {
    report(`${path}/direction`, 'placement direction must be one of the allowed directions.');
    return null;
  }
  const [dr, dc] = DIRECTION_STEPS[direction as Direction];
  const list = Array.isArray(cells) ? cells : [];
  const out: number[] = [];
  for (let k = 0; k < word.length; k++) {
    const step: unknown = list[k];
    const first: unknown = list[0];
    const ok =
      Array.isArray(step) &&
      Array.isArray(first) &&
      isInt(step[0], 0, grid.height - 1) &&
      isInt(step[1], 0, grid.width - 1) &&
      step[0] === (first[0] as number) + dr * k &&
      step[1] === (first[1] as number) + dc * k;
    const cell = ok ? (step[0] as number) * grid.width + (step[1] as number) : -1;
    if (list.length !== word.length || cell < 0 || grid.letters[cell] !== word.charCodeAt(k) - 64) {
      report(
        `${path}/cells`,
        `the cells must be ${word.length} cells in a straight ${String(direction)} line spelling ${word}.`,
      );
      return null;
    }
    out.push(cell);
  }
  return out;
}

function checkLists(
  page: Record<string, unknown>,
  report: Report,
): { words: string[]; directions: Direction[] } | null {
  const { words, directions, unplaced } = page;
  if (!SHAPES.includes(page.shape as never)) report('/shape', `shape must be one of ${SHAPES.join(', ')}.`);
  if (!FILL_MODES.includes(page.fill as never))
    report('/fill', `fill must be one of ${FILL_MODES.join(', ')}.`);
  const okUnplaced =
    Array.isArray(unplaced) &&
    unplaced.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Record<string, unknown>).word === 'string' &&
        REASONS.includes((item as Record<string, unknown>).reason as string),
    );
  if (!okUnplaced)
    report(
      '/unplaced',
      `unplaced must be a list of { word, reason } with reason one of ${REASONS.join(', ')}.`,
    );
  if (
    !Array.isArray(directions) ||
    directions.length === 0 ||
    new Set(directions).size !== directions.length ||
    !directions.every((d) => DIRECTIONS.includes(d as Direction))
  ) {
    report('/directions', `directions must be distinct values from ${DIRECTIONS.join(', ')}.`);
    return null;
  }
  if (
    !Array.isArray(words) ||
    new Set(words).size !== words.length ||
    !words.every((w) => typeof w === 'string' && /^[A-Z]{2,}$/.test(w))
  ) {
    report('/words', 'words must be distinct words of at least two letters A–Z.');
    return null;
  }
  return { words: words as string[], directions: directions as Direction[] };
}

/**
 * Checks a word search doc: grid and list shapes, every placement spelling its word in a straight
 * line in an allowed direction, and an unambiguous key — each word can be read in exactly one
 * place in the allowed directions (found by scanning the whole grid). Never throws.
 *
 * @example
 * validateWordsearch(page.doc); // [] for every generated page
 */
export function validateWordsearch(doc: unknown): ActivityIssue[] {
  const issues: ActivityIssue[] = [];
  const report: Report = (path, message) => {
    if (issues.length < MAX_ISSUES) issues.push({ code: 'ACT_INVALID_PAGE', message, path });
  };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    report('', 'a word search page must be an object.');
    return issues;
  }
  const page = doc as Record<string, unknown>;
  const grid = readGrid(page, report);
  const lists = checkLists(page, report);
  if (!grid || !lists) return issues;
  const { words, directions } = lists;
  const placements = Array.isArray(page.placements) ? page.placements : [];
  if (placements.length !== words.length) report('/placements', 'there must be one placement per word.');
  const cellCount = grid.width * grid.height;
  const segments = words.map((word, index) => {
    const cells = readPlacementCells(
      placements[index],
      word,
      grid,
      directions,
      `/placements/${index}`,
      report,
    );
    return cells ? toSegment(cells[0] as number, cells[cells.length - 1] as number, cellCount) : -1;
  });
  if (issues.length > 0) return issues;
  const found = words.map(() => new Set<number>());
  for (const occurrence of createWordScanner(words).scan(grid, directions))
    found[occurrence.word]?.add(occurrence.segment);
  words.forEach((word, index) => {
    const places = found[index] as Set<number>;
    if (places.size !== 1 || !places.has(segments[index] as number)) {
      report(
        `/placements/${index}`,
        `${word} can be read in ${places.size} places; the key must be its only one.`,
      );
    }
  });
  return issues;
}
