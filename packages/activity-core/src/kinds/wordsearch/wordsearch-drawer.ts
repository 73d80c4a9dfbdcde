import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import type { WordPlacement, WordsearchDoc } from './wordsearch-types.js';

const MM_PER_PT = 0.3528;
/** DejaVu Sans capitals average about 0.7 em; used to size the word list's columns. */
const CAPITAL_WIDTH = 0.7;

function isInside(doc: WordsearchDoc, row: number, col: number): boolean {
  const ch = doc.grid[row]?.[col];
  return ch !== undefined && ch !== ' ';
}

/** The shape's outline: one thin line per cell edge between a cell of the shape and the outside. */
function drawOutline(doc: WordsearchDoc, cell: number): DrawingItem[] {
  const items: DrawingItem[] = [];
  const line = (x1: number, y1: number, x2: number, y2: number): DrawingItem => ({
    type: 'line',
    x1,
    y1,
    x2,
    y2,
    stroke: '#888888',
    strokeWidth: 0.3,
  });
  for (let row = 0; row < doc.height; row++) {
    for (let col = 0; col < doc.width; col++) {
      if (!isInside(doc, row, col)) continue;
      const [x, y] = [col * cell, row * cell];
      if (!isInside(doc, row - 1, col)) items.push(line(x, y, x + cell, y));
      if (!isInside(doc, row + 1, col)) items.push(line(x, y + cell, x + cell, y + cell));
      if (!isInside(doc, row, col - 1)) items.push(line(x, y, x, y + cell));
      if (!isInside(doc, row, col + 1)) items.push(line(x + cell, y, x + cell, y + cell));
    }
  }
  return items;
}

/** A closed capsule around a word's cells: an outline keeps crossing words' letters readable. */
function drawCapsule(placement: WordPlacement, cell: number, radius: number): DrawingItem {
  const first: [number, number] = placement.cells[0] ?? [0, 0];
  const last: [number, number] = placement.cells[placement.cells.length - 1] ?? first;
  const [x1, y1, x2, y2] = [
    (first[1] + 0.5) * cell,
    (first[0] + 0.5) * cell,
    (last[1] + 0.5) * cell,
    (last[0] + 0.5) * cell,
  ];
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const points: [number, number][] = [];
  const arc = (cx: number, cy: number, from: number) => {
    for (let k = 0; k <= 8; k++) {
      const a = from + (Math.PI * k) / 8;
      points.push([
        Math.round((cx + radius * Math.cos(a)) * 100) / 100,
        Math.round((cy + radius * Math.sin(a)) * 100) / 100,
      ]);
    }
  };
  arc(x2, y2, angle - Math.PI / 2);
  arc(x1, y1, angle + Math.PI / 2);
  points.push(points[0] as [number, number]);
  return { type: 'polyline', points, stroke: '#d62728', strokeWidth: 0.35, round: true };
}

function drawWordList(
  doc: WordsearchDoc,
  top: number,
  width: number,
  size: number,
): { items: DrawingItem[]; height: number } {
  const lineHeight = size * MM_PER_PT * 1.5;
  const longest = Math.max(1, ...doc.words.map((word) => word.length));
  const columnWidth = longest * size * MM_PER_PT * CAPITAL_WIDTH + 5;
  const columns = Math.max(1, Math.min(doc.words.length, Math.floor(width / columnWidth)));
  const rows = Math.ceil(doc.words.length / columns);
  const items: DrawingItem[] = doc.words.map((word, index) => ({
    type: 'text',
    x: Math.floor(index / rows) * columnWidth,
    y: top + (index % rows) * lineHeight + lineHeight / 2,
    text: word,
    size,
    align: 'start',
  }));
  return { items, height: rows * lineHeight };
}

/**
 * Draws the letter grid (with the shape's outline) and the word list below it; the key circles
 * each word's cells with a capsule outline (a word read inside another gets a narrower one).
 *
 * @example
 * const drawing = drawWordsearch(doc, { key: false, largePrint: true });
 */
export function drawWordsearch(doc: WordsearchDoc, options: DrawOptions): Drawing {
  const fitted = Math.min(9, 125 / doc.width, 140 / doc.height);
  const cell = options.largePrint ? Math.max(fitted, 10) : fitted;
  const letterSize = options.largePrint ? Math.max(18, cell * 1.8) : Math.min(16, cell * 1.8);
  const listSize = options.largePrint ? 18 : 11;
  const gridWidth = doc.width * cell;
  const width = Math.max(gridWidth, 100);
  const offset = (width - gridWidth) / 2;
  const items: DrawingItem[] = [];
  const shift = (item: DrawingItem): DrawingItem => {
    switch (item.type) {
      case 'line':
        return { ...item, x1: item.x1 + offset, x2: item.x2 + offset };
      case 'polyline':
        return { ...item, points: item.points.map(([x, y]) => [x + offset, y] as [number, number]) };
      case 'text':
        return { ...item, x: item.x + offset };
      default:
        return item;
    }
  };
  doc.grid.forEach((row, r) => {
    [...row].forEach((letter, c) => {
      if (letter !== ' ')
        items.push({
          type: 'text',
          x: (c + 0.5) * cell,
          y: (r + 0.5) * cell,
          text: letter,
          size: letterSize,
          align: 'middle',
        });
    });
  });
  items.push(...drawOutline(doc, cell));
  if (options.key) {
    for (const placement of doc.placements)
      items.push(drawCapsule(placement, cell, cell * (placement.within ? 0.3 : 0.42)));
  }
  const gridHeight = doc.height * cell;
  const list = drawWordList(doc, gridHeight + 8, width, listSize);
  return { width, height: gridHeight + 8 + list.height, items: [...items.map(shift), ...list.items] };
}
