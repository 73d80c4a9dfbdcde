import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import type { SudokuDoc } from './sudoku-types.js';

/** Cell size (mm) and digit size (pt) per grid size: a 9×9 grid is 117 mm, inside a 6×9 in safe area. */
const LAYOUT: Record<number, { cell: number; text: number; largeCell: number; largeText: number }> = {
  4: { cell: 20, text: 30, largeCell: 24, largeText: 36 },
  6: { cell: 17, text: 26, largeCell: 20, largeText: 30 },
  9: { cell: 13, text: 20, largeCell: 14, largeText: 24 },
  // Two-digit numbers need the width; large print makes the grid 160 mm, so printers scale it down.
  16: { cell: 7.5, text: 12, largeCell: 10, largeText: 18 },
};

const THIN = 0.25;
const THICK = 0.8;

function drawLines(doc: SudokuDoc, cell: number): DrawingItem[] {
  const items: DrawingItem[] = [];
  const span = doc.size * cell;
  for (const thick of [false, true]) {
    for (let k = 0; k <= doc.size; k++) {
      const isBoxRow = k % doc.boxRows === 0;
      const isBoxCol = k % doc.boxCols === 0;
      const strokeWidth = thick ? THICK : THIN;
      if (isBoxRow === thick)
        items.push({ type: 'line', x1: 0, y1: k * cell, x2: span, y2: k * cell, strokeWidth });
      if (isBoxCol === thick)
        items.push({ type: 'line', x1: k * cell, y1: 0, x2: k * cell, y2: span, strokeWidth });
    }
  }
  return items;
}

/**
 * Draws the grid with thick box lines and the givens; the key adds the solution's digits
 * (givens bold, found digits in grey).
 *
 * @example
 * const drawing = drawSudoku(doc, { key: false, largePrint: false }); // 117 mm square for 9×9
 */
export function drawSudoku(doc: SudokuDoc, options: DrawOptions): Drawing {
  const layout = LAYOUT[doc.size] ?? { cell: 120 / doc.size, text: 12, largeCell: 10, largeText: 18 };
  const cell = options.largePrint ? layout.largeCell : layout.cell;
  const size = options.largePrint ? layout.largeText : layout.text;
  const items: DrawingItem[] = [];
  for (let row = 0; row < doc.size; row++) {
    for (let col = 0; col < doc.size; col++) {
      const given = doc.givens[row]?.[col] ?? 0;
      const digit = given > 0 ? given : options.key ? (doc.solution[row]?.[col] ?? 0) : 0;
      if (digit === 0) continue;
      const x = (col + 0.5) * cell;
      const y = (row + 0.5) * cell;
      items.push(
        given > 0
          ? { type: 'text', x, y, text: String(digit), size, align: 'middle', bold: true }
          : { type: 'text', x, y, text: String(digit), size, align: 'middle', fill: '#555555' },
      );
    }
  }
  items.push(...drawLines(doc, cell));
  return { width: doc.size * cell, height: doc.size * cell, items };
}
