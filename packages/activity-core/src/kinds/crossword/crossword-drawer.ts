import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import { wrapText } from './crossword-text.js';
import type { CrosswordDoc, CrosswordEntry } from './crossword-types.js';

const MM_PER_PT = 25.4 / 72;
/** Normal print fits the 6×9 in safe width at 1:1; large print the 8×10 in / A4 / Letter one. */
const PAGE_WIDTH = { normal: 127, large: 184 } as const;
const BLOCK = '#000000';
/** The drawing area of an 8×10 in page in large print (the smallest large-print target), mm. */
const LARGE_AREA = { width: 184, height: 215, minScale: 0.6 } as const;

interface Style {
  pageWidth: number;
  cell: number;
  numberSize: number;
  letterSize: number;
  clueSize: number;
}

// Cells shrink to fit the page width (normal 5–10 mm; large print 8–12 mm, where 18 pt letters
// still fit); a grid wider than that widens the drawing and the printer scales it down.
function chooseStyle(doc: CrosswordDoc, largePrint: boolean): Style {
  if (largePrint) {
    const cell = Math.min(12, Math.max(8, PAGE_WIDTH.large / doc.width));
    return {
      pageWidth: PAGE_WIDTH.large,
      cell,
      numberSize: 9,
      letterSize: Math.max(18, cell * 1.9),
      clueSize: 18,
    };
  }
  const cell = Math.min(10, Math.max(5, PAGE_WIDTH.normal / doc.width));
  return {
    pageWidth: PAGE_WIDTH.normal,
    cell,
    numberSize: Math.max(5, cell * 0.75),
    letterSize: cell * 1.9,
    clueSize: 9,
  };
}

function drawGrid(doc: CrosswordDoc, style: Style, key: boolean, left: number, items: DrawingItem[]): void {
  const { cell } = style;
  doc.cells.forEach((row, r) => {
    row.forEach((letter, c) => {
      const x = left + c * cell;
      const y = r * cell;
      if (letter === null) {
        items.push({
          type: 'rect',
          x,
          y,
          width: cell,
          height: cell,
          fill: BLOCK,
          stroke: BLOCK,
          strokeWidth: 0.3,
        });
        return;
      }
      items.push({ type: 'rect', x, y, width: cell, height: cell, stroke: '#000000', strokeWidth: 0.3 });
      const number = doc.numbers[r]?.[c];
      if (number) {
        const size = style.numberSize;
        items.push({
          type: 'text',
          x: x + 0.6,
          y: y + 0.5 + (size * MM_PER_PT) / 2,
          text: String(number),
          size,
          align: 'start',
        });
      }
      if (key)
        items.push({
          type: 'text',
          x: x + cell / 2,
          y: y + cell * 0.58,
          text: letter,
          size: style.letterSize,
          align: 'middle',
        });
    });
  });
}

interface ClueBox {
  x: number;
  y: number;
  width: number;
  /** The scale the printer is expected to apply; the list is laid out for its printed size. */
  scale: number;
}

// Lines are spaced and wrapped for the text as printed: in large print the printer keeps text
// at 18 pt while it shrinks the drawing, so the list is laid out at 1/scale to stay clear.
function drawClueList(
  title: string,
  entries: readonly CrosswordEntry[],
  style: Style,
  at: ClueBox,
  items: DrawingItem[],
): number {
  const line = (style.clueSize * MM_PER_PT * 1.35) / at.scale;
  let y = at.y + line / 2;
  items.push({
    type: 'text',
    x: at.x,
    y,
    text: title,
    size: style.clueSize * 1.15,
    bold: true,
    align: 'start',
  });
  y += line * 1.3;
  const indent = (style.clueSize * MM_PER_PT * 2.2) / at.scale;
  for (const entry of entries) {
    items.push({
      type: 'text',
      x: at.x,
      y,
      text: String(entry.number),
      size: style.clueSize,
      bold: true,
      align: 'start',
    });
    for (const text of wrapText(
      `${entry.clue} (${entry.length})`,
      (at.width - indent) * at.scale,
      style.clueSize,
    )) {
      items.push({ type: 'text', x: at.x + indent, y, text, size: style.clueSize, align: 'start' });
      y += line;
    }
  }
  return y - line / 2;
}

function drawClueLists(doc: CrosswordDoc, at: ClueBox, style: Style, items: DrawingItem[]): number {
  const columnWidth = (at.width - 6) / 2;
  const acrossEnd = drawClueList('Across', doc.across, style, { ...at, width: columnWidth }, items);
  const downEnd = drawClueList(
    'Down',
    doc.down,
    style,
    { ...at, x: columnWidth + 6, width: columnWidth },
    items,
  );
  return Math.max(acrossEnd, downEnd);
}

// The largest scale at which the page fits the large-print area (8×10 in / A4 / Letter) once
// the clue lists are laid out for that scale. Laying out for a smaller scale makes the lists
// taller, so past a point nothing fits: then 1, and the printer's 18 pt floor will crowd the
// clues — too many clues for one large-print page.
function findLargePrintScale(doc: CrosswordDoc, style: Style, width: number, top: number): number {
  for (let scale = 1; scale >= LARGE_AREA.minScale; scale -= 0.02) {
    const height = drawClueLists(doc, { x: 0, y: top, width, scale }, style, []);
    if (height * scale <= LARGE_AREA.height && width * scale <= LARGE_AREA.width + 0.01) return scale;
  }
  return 1;
}

/**
 * Draws a crossword: the grid with black blocks and clue numbers, then the across and down clue
 * lists side by side. The key fills in the letters and leaves the clues out.
 *
 * @example
 * const drawing = drawCrossword(page.doc, { key: false, largePrint: false });
 */
export function drawCrossword(doc: CrosswordDoc, options: DrawOptions): Drawing {
  const style = chooseStyle(doc, options.largePrint);
  const gridWidth = doc.width * style.cell;
  const width = Math.max(style.pageWidth, gridWidth);
  const items: DrawingItem[] = [];
  drawGrid(doc, style, options.key, (width - gridWidth) / 2, items);
  const gridHeight = doc.height * style.cell;
  if (options.key) return { width, height: gridHeight, items };
  const top = gridHeight + 8;
  const scale = options.largePrint ? findLargePrintScale(doc, style, width, top) : 1;
  const height = drawClueLists(doc, { x: 0, y: top, width, scale }, style, items);
  return { width, height: height + 1, items };
}
