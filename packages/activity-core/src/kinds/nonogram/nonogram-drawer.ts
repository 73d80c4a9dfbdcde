import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import type { NonogramDoc } from './nonogram-types.js';

/** The 6×9 in safe width the normal print aims to fit at 1:1. */
const TARGET_WIDTH = 127;
/** The 8×10 in / A4 / Letter safe width large print aims at. */
const LARGE_WIDTH = 184;
const THIN = 0.15;
const THICK = 0.5;

interface Layout {
  cell: number;
  slot: number;
  fontSize: number;
  left: number;
  top: number;
}

// Normal print shrinks cells (4–7 mm) so most puzzles fit the 6×9 in width (127 mm) at 1:1.
// Large print aims at the 8×10 in / A4 / Letter width (184 mm) with 8.5–10 mm cells and slots,
// room for a two-digit clue at 18 pt; bigger puzzles are scaled down by the printer.
function planLayout(doc: NonogramDoc, largePrint: boolean): Layout {
  const rowSlots = Math.max(1, ...doc.rowClues.map((clue) => clue.length));
  const colSlots = Math.max(1, ...doc.colClues.map((clue) => clue.length));
  if (largePrint) {
    const slot = 8.5;
    const cell = Math.min(10, Math.max(slot, (LARGE_WIDTH - rowSlots * slot) / doc.width));
    return { cell, slot, fontSize: 18, left: rowSlots * slot + 2, top: colSlots * slot + 2 };
  }
  const cell = Math.min(7, Math.max(4, TARGET_WIDTH / (doc.width + rowSlots * 0.8)));
  const slot = cell * 0.8;
  return {
    cell,
    slot,
    fontSize: Math.round(cell * 1.6 * 10) / 10,
    left: rowSlots * slot + 1.5,
    top: colSlots * slot + 1.5,
  };
}

function drawClues(doc: NonogramDoc, layout: Layout, items: DrawingItem[]): void {
  const { cell, slot, fontSize, left, top } = layout;
  doc.rowClues.forEach((clue, r) => {
    const runs = clue.length > 0 ? clue : [0];
    const y = top + (r + 0.5) * cell;
    runs.forEach((run, i) => {
      const x = left - 1 - (runs.length - 1 - i) * slot - slot / 2;
      items.push({ type: 'text', x, y, text: String(run), size: fontSize, align: 'middle' });
    });
  });
  doc.colClues.forEach((clue, c) => {
    const runs = clue.length > 0 ? clue : [0];
    const x = left + (c + 0.5) * cell;
    runs.forEach((run, i) => {
      const y = top - 1 - (runs.length - 1 - i) * slot - slot / 2;
      items.push({ type: 'text', x, y, text: String(run), size: fontSize, align: 'middle' });
    });
  });
}

function drawGrid(doc: NonogramDoc, layout: Layout, items: DrawingItem[]): void {
  const { cell, left, top } = layout;
  const right = left + doc.width * cell;
  const bottom = top + doc.height * cell;
  // Guide lines every five cells run on through the clue margins, so a clue is easy to match to its line.
  for (let r = 0; r <= doc.height; r++) {
    const guide = r % 5 === 0 || r === doc.height;
    const y = top + r * cell;
    items.push({
      type: 'line',
      x1: guide ? 0 : left,
      y1: y,
      x2: right,
      y2: y,
      strokeWidth: guide ? THICK : THIN,
    });
  }
  for (let c = 0; c <= doc.width; c++) {
    const guide = c % 5 === 0 || c === doc.width;
    const x = left + c * cell;
    items.push({
      type: 'line',
      x1: x,
      y1: guide ? 0 : top,
      x2: x,
      y2: bottom,
      strokeWidth: guide ? THICK : THIN,
    });
  }
}

/**
 * Draws a nonogram: clue numbers left of each row and above each column, the grid with thicker
 * guide lines every five cells; the key fills the solution's cells.
 *
 * @example
 * const drawing = drawNonogram(page.doc, { key: false, largePrint: false });
 */
export function drawNonogram(doc: NonogramDoc, options: DrawOptions): Drawing {
  const layout = planLayout(doc, options.largePrint);
  const items: DrawingItem[] = [];
  if (options.key) {
    doc.solution.forEach((row, r) => {
      row.forEach((filled, c) => {
        if (filled !== 1) return;
        const { cell, left, top } = layout;
        items.push({
          type: 'rect',
          x: left + c * cell,
          y: top + r * cell,
          width: cell,
          height: cell,
          fill: '#000000',
        });
      });
    });
  }
  drawClues(doc, layout, items);
  drawGrid(doc, layout, items);
  const width = layout.left + doc.width * layout.cell + THICK / 2;
  const height = layout.top + doc.height * layout.cell + THICK / 2;
  return { width, height, items };
}
