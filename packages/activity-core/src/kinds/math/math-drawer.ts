import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import { readOperationSymbol } from './math-arithmetic.js';
import type { MathDoc, MathProblem } from './math-types.js';

const MM_PER_PT = 25.4 / 72;
/** DejaVu Sans digits advance 0.636 em; a little more covers signs and spaces. */
const ADVANCE = 0.66;
/** Normal print fits the 6×9 in safe width at 1:1; large print the 8×10 in / A4 / Letter one. */
const PAGE_WIDTH = { normal: 127, large: 184 } as const;

const formatNumber = (n: number): string => (n < 0 ? `−${-n}` : String(n));
const formatOperand = (n: number): string => (n < 0 ? `(${formatNumber(n)})` : formatNumber(n));
const formatAnswer = (p: MathProblem): string =>
  formatNumber(p.answer) + (p.remainder !== undefined ? ` R ${formatNumber(p.remainder)}` : '');
const widthOf = (text: string, size: number): number => text.length * size * ADVANCE * MM_PER_PT;

interface Cell {
  x: number;
  y: number;
  width: number;
  size: number;
  labelSize: number;
  /** The longest answer on the page, in characters: every blank is that wide. */
  answerChars: number;
  key: boolean;
}

function lineHeight(size: number): number {
  return size * MM_PER_PT * 1.45;
}

// Stacked: a over (op b), a rule, room for the answer; division as a long-division bracket.
function drawVertical(problem: MathProblem, cell: Cell, items: DrawingItem[]): void {
  const { size } = cell;
  const line = lineHeight(size);
  const right = cell.x + cell.width - 3;
  const text = (text: string, x: number, y: number, align: 'start' | 'end') =>
    items.push({ type: 'text', x, y, text, size, align });
  if (problem.op === 'divide') {
    const dividend = formatNumber(problem.a);
    const barLeft = right - widthOf(dividend, size) - 2;
    text(dividend, right, cell.y + line * 1.6, 'end');
    text(formatOperand(problem.b), barLeft - 1, cell.y + line * 1.6, 'end');
    items.push({
      type: 'polyline',
      points: [
        [barLeft, cell.y + line * 1.05],
        [barLeft + 1, cell.y + line * 1.6],
        [barLeft, cell.y + line * 2.15],
      ],
      strokeWidth: 0.35,
    });
    items.push({
      type: 'line',
      x1: barLeft,
      y1: cell.y + line * 1.05,
      x2: right + 0.5,
      y2: cell.y + line * 1.05,
      strokeWidth: 0.35,
    });
    if (cell.key) text(formatAnswer(problem), right, cell.y + line * 0.5, 'end');
    return;
  }
  text(formatNumber(problem.a), right, cell.y + line * 0.5, 'end');
  const second = formatOperand(problem.b);
  text(second, right, cell.y + line * 1.5, 'end');
  text(readOperationSymbol(problem.op), right - widthOf(`${second}  `, size), cell.y + line * 1.5, 'end');
  const longest = Math.max(formatNumber(problem.a).length, second.length + 2, formatAnswer(problem).length);
  items.push({
    type: 'line',
    x1: right - widthOf('0'.repeat(longest), size) - 0.5,
    y1: cell.y + line * 2.05,
    x2: right + 0.5,
    y2: cell.y + line * 2.05,
    strokeWidth: 0.35,
  });
  if (cell.key) text(formatAnswer(problem), right, cell.y + line * 2.6, 'end');
}

// One line: a op b = ____. The blank sits at the cell's right end, so the slack between it and
// the expression absorbs down-scaling in large print (where text keeps its 18 pt).
function drawHorizontal(problem: MathProblem, cell: Cell, items: DrawingItem[]): void {
  const { size } = cell;
  const line = lineHeight(size);
  const expression = `${formatNumber(problem.a)} ${readOperationSymbol(problem.op)} ${formatOperand(problem.b)} =`;
  const left = cell.x + widthOf('0000', cell.labelSize);
  items.push({ type: 'text', x: left, y: cell.y + line * 0.6, text: expression, size, align: 'start' });
  const blankRight = cell.x + cell.width - 3;
  const blankLeft = Math.max(
    left + widthOf(`${expression} `, size),
    blankRight - widthOf('0'.repeat(cell.answerChars + 2), size),
  );
  items.push({
    type: 'line',
    x1: blankLeft,
    y1: cell.y + line * 1.0,
    x2: blankRight,
    y2: cell.y + line * 1.0,
    strokeWidth: 0.3,
  });
  if (cell.key)
    items.push({
      type: 'text',
      x: (blankLeft + blankRight) / 2,
      y: cell.y + line * 0.6,
      text: formatAnswer(problem),
      size,
      align: 'middle',
    });
}

function measureChars(doc: MathDoc): number {
  return Math.max(
    ...doc.problems.map((p) => {
      const a = formatNumber(p.a).length;
      const b = formatOperand(p.b).length;
      const answer = formatAnswer(p).length;
      return doc.format === 'horizontal'
        ? a + b + answer + 9
        : Math.max(a + (p.op === 'divide' ? b + 1 : 0), b + 2, answer) + 4;
    }),
  );
}

/**
 * Draws a worksheet: numbered problems in columns, stacked (long-division bracket for ÷) or on
 * one line. Text is 16 pt (18 pt in large print) and shrinks only to fit a column; in large
 * print, columns are dropped instead, to keep every number at 18 pt. The key writes the
 * answers in.
 *
 * @example
 * const drawing = drawMath(page.doc, { key: true, largePrint: false });
 */
export function drawMath(doc: MathDoc, options: DrawOptions): Drawing {
  const base = options.largePrint ? 18 : 16;
  const floor = options.largePrint ? 18 : 10;
  const chars = measureChars(doc);
  const answerChars = Math.max(...doc.problems.map((p) => formatAnswer(p).length));
  let columns = doc.columns;
  const pageWidth = options.largePrint ? PAGE_WIDTH.large : PAGE_WIDTH.normal;
  const fit = (n: number): number => Math.min(base, pageWidth / n / (chars * ADVANCE * MM_PER_PT));
  while (columns > 1 && fit(columns) < floor) columns--;
  const size = Math.max(fit(columns), options.largePrint ? 18 : 6);
  const labelSize = options.largePrint ? 18 : Math.min(10, size * 0.7);
  // Only a large-print sheet too wide even in one column grows past the page; the printer scales it.
  const width = size > fit(columns) ? columns * chars * size * ADVANCE * MM_PER_PT : pageWidth;
  const cellWidth = width / columns;
  const cellHeight = lineHeight(size) * (doc.format === 'vertical' ? 3.8 : 1.9);
  const items: DrawingItem[] = [];
  doc.problems.forEach((problem, index) => {
    const cell: Cell = {
      x: (index % columns) * cellWidth,
      y: Math.floor(index / columns) * cellHeight,
      width: cellWidth,
      size,
      labelSize,
      answerChars,
      key: options.key,
    };
    items.push({
      type: 'text',
      x: cell.x,
      y: cell.y + lineHeight(size) * (doc.format === 'vertical' ? 0.5 : 0.6),
      text: `${index + 1}.`,
      size: labelSize,
      align: 'start',
      fill: '#555555',
    });
    if (doc.format === 'vertical') drawVertical(problem, cell, items);
    else drawHorizontal(problem, cell, items);
  });
  return { width, height: Math.ceil(doc.problems.length / columns) * cellHeight, items };
}
