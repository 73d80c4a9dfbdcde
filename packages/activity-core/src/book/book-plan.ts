import type { Drawing } from '../drawing/drawing.js';
import { fitDrawing } from '../print/fit-drawing.js';
import { type BookFormat, getBodySizeMm } from './book-layout.js';

/** A key's place on a solutions page, in mm from the body's top-left corner. */
export interface KeySlot {
  /** Index of the page (0-based) whose key goes here. */
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every page of a book, in order. */
export type PlannedPage =
  | { type: 'title' }
  | { type: 'puzzle'; index: number }
  | { type: 'keys'; slots: KeySlot[] };

/** Gap between key slots, and the height of a key's "Solution 7" label, in mm. */
export const KEY_GAP_MM = 6;
export const KEY_LABEL_MM = { normal: 6, large: 9 } as const;

/**
 * Smallest printed text (pt) for a key in a slot: the largest text in the key (its grid letters)
 * and the smallest (clue numbers, word lists). Any key may take a whole page.
 */
export const KEY_TEXT_PT = {
  normal: { largest: 7, smallest: 5 },
  large: { largest: 18, smallest: 12 },
} as const;

/** A solutions page layout: `columns` × `rows` equal slots. */
export interface KeyGrid {
  columns: number;
  rows: number;
}

function getTextRange(drawing: Drawing): { smallest: number; largest: number } | undefined {
  const sizes = drawing.items.flatMap((item) =>
    item.type === 'text' && item.text !== '' ? [item.size] : [],
  );
  return sizes.length === 0 ? undefined : { smallest: Math.min(...sizes), largest: Math.max(...sizes) };
}

/**
 * The layouts a solutions page may take, densest first: 2 × 3 (when the body is at least 190 mm
 * tall), 2 × 2, 1 × 2 and a whole page; in large print 1 × 2 and a whole page.
 *
 * @example
 * getKeyGrids(format)[0]; // { columns: 2, rows: 3 }
 */
export function getKeyGrids(format: BookFormat): KeyGrid[] {
  const tall = getBodySizeMm(format).height >= 190;
  const grids = format.largePrint
    ? [{ columns: 1, rows: 2 }]
    : [...(tall ? [{ columns: 2, rows: 3 }] : []), { columns: 2, rows: 2 }, { columns: 1, rows: 2 }];
  return [...grids, { columns: 1, rows: 1 }];
}

function getSlotSize(format: BookFormat, grid: KeyGrid): { width: number; height: number } {
  const body = getBodySizeMm(format);
  return {
    width: (body.width - (grid.columns - 1) * KEY_GAP_MM) / grid.columns,
    height: (body.height - (grid.rows - 1) * KEY_GAP_MM) / grid.rows,
  };
}

function isLegible(drawing: Drawing, area: { width: number; height: number }, largePrint: boolean): boolean {
  const range = getTextRange(drawing);
  if (!range) return true;
  const scale = fitDrawing(drawing, area);
  const needed = largePrint ? KEY_TEXT_PT.large : KEY_TEXT_PT.normal;
  return range.largest * scale >= needed.largest && range.smallest * scale >= needed.smallest;
}

/** How many keys from `first` on fit one page of `grid`, in order, each legible in its slot. */
function countFitting(keys: readonly Drawing[], first: number, grid: KeyGrid, format: BookFormat): number {
  if (grid.columns * grid.rows === 1) return 1;
  const slot = getSlotSize(format, grid);
  const label = format.largePrint ? KEY_LABEL_MM.large : KEY_LABEL_MM.normal;
  let count = 0;
  while (count < grid.columns * grid.rows && first + count < keys.length) {
    const key = keys[first + count];
    if (!key || !isLegible(key, { width: slot.width, height: slot.height - label }, format.largePrint)) break;
    count++;
  }
  return count;
}

/**
 * Lays a book out: the title page, one page per puzzle, then the answer keys in puzzle order.
 * Each solutions page takes the layout of {@link getKeyGrids} that holds the most of the next
 * keys, each legible (see {@link KEY_TEXT_PT}); on a tie the roomier layout wins.
 *
 * @example
 * planBook({ format, puzzleCount: 10, keys }).length; // 1 + 10 + 2
 */
export function planBook(args: {
  format: BookFormat;
  puzzleCount: number;
  keys: readonly Drawing[] | undefined;
}): PlannedPage[] {
  const pages: PlannedPage[] = [{ type: 'title' }];
  for (let index = 0; index < args.puzzleCount; index++) pages.push({ type: 'puzzle', index });
  const { keys, format } = args;
  if (!keys) return pages;
  const grids = getKeyGrids(format);
  let first = 0;
  while (first < keys.length) {
    let best = { grid: grids[grids.length - 1] ?? { columns: 1, rows: 1 }, count: 1 };
    for (const grid of grids) {
      const count = countFitting(keys, first, grid, format);
      if (count >= best.count) best = { grid, count };
    }
    const slot = getSlotSize(format, best.grid);
    const slots = Array.from({ length: best.count }, (_, cell) => ({
      index: first + cell,
      x: (cell % best.grid.columns) * (slot.width + KEY_GAP_MM),
      y: Math.floor(cell / best.grid.columns) * (slot.height + KEY_GAP_MM),
      ...slot,
    }));
    pages.push({ type: 'keys', slots });
    first += best.count;
  }
  return pages;
}
