import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import type { WordscrambleDoc, WordscrambleItem } from './wordscramble-types.js';

const COLUMN_GAP = 6;

interface Style {
  pageWidth: number;
  size: number;
  /** Advance per scrambled letter and per answer blank, mm. */
  letterPitch: number;
  blankPitch: number;
  numberWidth: number;
  gap: number;
  rowHeight: number;
}

/** Sizes in mm and pt. Normal print fits the 6×9 in safe width at 1:1; large print the 8×10 in / A4 / Letter one. */
const STYLES: Record<'normal' | 'large', Style> = {
  normal: {
    pageWidth: 127,
    size: 13,
    letterPitch: 4.6,
    blankPitch: 5.6,
    numberWidth: 8,
    gap: 4,
    rowHeight: 11,
  },
  large: {
    pageWidth: 184,
    size: 20,
    letterPitch: 7,
    blankPitch: 8.5,
    numberWidth: 12,
    gap: 5,
    rowHeight: 17,
  },
};

interface Plan {
  columns: number;
  /** Blanks go under the scrambled letters instead of beside them (long words). */
  stacked: boolean;
  columnWidth: number;
  itemHeight: number;
}

// Short lists read best one word per line; long lists go to two columns, with the blanks under
// the letters when beside them would not fit; over-long words always get a second line.
function planLayout(doc: WordscrambleDoc, style: Style): Plan {
  const longest = Math.max(...doc.items.map((item) => item.answer.length));
  const inline = style.numberWidth + longest * (style.letterPitch + style.blankPitch) + style.gap;
  const stacked = style.numberWidth + longest * Math.max(style.letterPitch, style.blankPitch);
  const half = (style.pageWidth - COLUMN_GAP) / 2;
  const twoColumns = { columns: 2, columnWidth: half + COLUMN_GAP };
  if (doc.items.length > 12 && inline <= half)
    return { ...twoColumns, stacked: false, itemHeight: style.rowHeight };
  if (doc.items.length > 12 && stacked <= half)
    return { ...twoColumns, stacked: true, itemHeight: style.rowHeight * 1.8 };
  if (inline <= style.pageWidth)
    return { columns: 1, stacked: false, columnWidth: style.pageWidth, itemHeight: style.rowHeight };
  // Large print of a 15-letter word overflows even stacked; the printer scales it down.
  return {
    columns: 1,
    stacked: true,
    columnWidth: Math.max(style.pageWidth, stacked),
    itemHeight: style.rowHeight * 1.8,
  };
}

function drawItem(
  item: WordscrambleItem,
  number: number,
  at: { x: number; y: number },
  context: { style: Style; plan: Plan; key: boolean; hint: boolean },
  items: DrawingItem[],
): void {
  const { style, plan } = context;
  const middle = at.y + style.rowHeight / 2;
  items.push({
    type: 'text',
    x: at.x + style.numberWidth - 2,
    y: middle,
    text: `${number}.`,
    size: style.size,
    align: 'end',
  });
  let x = at.x + style.numberWidth;
  for (const letter of item.scrambled) {
    items.push({
      type: 'text',
      x: x + style.letterPitch / 2,
      y: middle,
      text: letter,
      size: style.size,
      align: 'middle',
      bold: true,
    });
    x += style.letterPitch;
  }
  const blanksX = plan.stacked ? at.x + style.numberWidth : x + style.gap;
  const blanksMiddle = plan.stacked ? middle + style.rowHeight * 0.8 : middle;
  Array.from(item.answer).forEach((letter, i) => {
    const left = blanksX + i * style.blankPitch;
    const lineY = blanksMiddle + style.rowHeight * 0.32;
    items.push({
      type: 'line',
      x1: left + style.blankPitch * 0.12,
      y1: lineY,
      x2: left + style.blankPitch * 0.88,
      y2: lineY,
      strokeWidth: 0.25,
    });
    if (context.key || (context.hint && i === 0)) {
      items.push({
        type: 'text',
        x: left + style.blankPitch / 2,
        y: blanksMiddle,
        text: letter,
        size: style.size,
        align: 'middle',
        fill: context.key ? '#000000' : '#555555',
      });
    }
  });
}

/**
 * Draws a word scramble: a numbered list of scrambled words, each with one blank per letter
 * (the first filled in when the page gives hints). The key fills every blank.
 *
 * @example
 * const drawing = drawWordscramble(page.doc, { key: false, largePrint: false });
 */
export function drawWordscramble(doc: WordscrambleDoc, options: DrawOptions): Drawing {
  const style = options.largePrint ? STYLES.large : STYLES.normal;
  const plan = planLayout(doc, style);
  const perColumn = Math.ceil(doc.items.length / plan.columns);
  const items: DrawingItem[] = [];
  doc.items.forEach((item, index) => {
    const column = Math.floor(index / perColumn);
    const at = { x: column * plan.columnWidth, y: (index % perColumn) * plan.itemHeight };
    drawItem(item, index + 1, at, { style, plan, key: options.key, hint: doc.hint }, items);
  });
  return { width: Math.max(style.pageWidth, plan.columnWidth), height: perColumn * plan.itemHeight, items };
}
