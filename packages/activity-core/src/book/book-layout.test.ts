import { describe, expect, it } from 'vitest';
import type { Drawing } from '../drawing/drawing.js';
import { TRIMS } from '../print/trims.js';
import { createBookFormat, getBodySizeMm, getPageFrame } from './book-layout.js';
import { getKeyGrids, planBook } from './book-plan.js';

const PT = 72 / 25.4;
const base = { trim: TRIMS['6x9'], bleed: false, largePrint: false, watermark: undefined };

describe('book page frames', () => {
  it('mirror the inside margin: binding on the left of rectos, on the right of versos', () => {
    const format = createBookFormat({ ...base, pageCount: 200 });
    expect(format.insideMm).toBeCloseTo(12.7, 9);
    const recto = getPageFrame(format, 3);
    const verso = getPageFrame(format, 4);
    expect(recto.recto && !verso.recto).toBe(true);
    expect(recto.safe.x / PT).toBeCloseTo(12.7, 6);
    expect((recto.width - recto.safe.x - recto.safe.width) / PT).toBeCloseTo(9.525, 6);
    expect(verso.safe.x / PT).toBeCloseTo(9.525, 6);
    expect((verso.width - verso.safe.x - verso.safe.width) / PT).toBeCloseTo(12.7, 6);
  });

  it('widen the inside margin with the page count, never below the trim margin', () => {
    const inside = (pageCount: number) =>
      createBookFormat({ ...base, trim: TRIMS.Letter, pageCount }).insideMm;
    expect(inside(100)).toBeCloseTo(12.7, 9);
    expect(inside(400)).toBeCloseTo(15.875, 9);
    expect(inside(800)).toBeCloseTo(22.225, 9);
  });

  it('add bleed on the top, bottom and outside edge only', () => {
    const format = createBookFormat({ ...base, bleed: true, pageCount: 30 });
    const recto = getPageFrame(format, 1);
    const verso = getPageFrame(format, 2);
    expect(recto.width / 72).toBeCloseTo(6.125, 9);
    expect(recto.height / 72).toBeCloseTo(9.25, 9);
    expect(recto.trimBox).toMatchObject({ x: 0, y: 9 });
    expect(verso.trimBox.x).toBeCloseTo(9, 9);
    // The safe area keeps its distance from the trim, not from the paper's edge.
    expect(recto.safe.y - recto.trimBox.y).toBeCloseTo(9.525 * PT, 9);
  });
});

describe('answer key layout', () => {
  const key = (cells: number, size = 12): Drawing => ({
    width: cells * 10,
    height: cells * 10,
    items: [{ type: 'text', x: 5, y: 5, text: 'A', size }],
  });

  it('packs small keys several to a page, in puzzle order', () => {
    const format = createBookFormat({ ...base, trim: TRIMS.Letter, pageCount: 20 });
    expect(getKeyGrids(format)[0]).toEqual({ columns: 2, rows: 3 });
    const plan = planBook({ format, puzzleCount: 8, keys: Array.from({ length: 8 }, () => key(9)) });
    expect(plan.map((page) => page.type)).toEqual(['title', ...Array(8).fill('puzzle'), 'keys', 'keys']);
    const keyPages = plan.flatMap((page) =>
      page.type === 'keys' ? [page.slots.map((slot) => slot.index)] : [],
    );
    expect(keyPages).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7],
    ]);
  });

  it('picks, page by page, the layout that holds the most of the next keys legibly', () => {
    const format = createBookFormat({ ...base, trim: TRIMS.Letter, pageCount: 20 });
    // 14 cm keys with 12 pt text: too small in a 2 × 3 slot, legible in a 2 × 2 slot.
    const keys = [key(9), key(14), key(9), key(14), key(9), key(9), key(9)];
    const plan = planBook({ format, puzzleCount: keys.length, keys });
    const keyPages = plan.flatMap((page) =>
      page.type === 'keys' ? [page.slots.map((slot) => slot.index)] : [],
    );
    expect(keyPages).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('gives a key a page of its own when no shared layout keeps it legible', () => {
    const format = createBookFormat({ ...base, pageCount: 20 });
    const plan = planBook({ format, puzzleCount: 3, keys: [key(5), key(40, 8), key(5), key(5)] });
    const keyPages = plan.flatMap((page) =>
      page.type === 'keys' ? [page.slots.map((slot) => slot.index)] : [],
    );
    expect(keyPages).toEqual([[0], [1], [2, 3]]);
    const body = getBodySizeMm(format);
    const alone = plan.find((page) => page.type === 'keys' && page.slots[0]?.index === 1);
    expect(alone?.type === 'keys' && alone.slots[0]?.width).toBeCloseTo(body.width, 9);
  });

  it('uses one column of two keys, or a whole page, in large print', () => {
    expect(getKeyGrids(createBookFormat({ ...base, largePrint: true, pageCount: 20 }))).toEqual([
      { columns: 1, rows: 2 },
      { columns: 1, rows: 1 },
    ]);
  });
});
