import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import type { DrawOptions } from '../kind.js';
import { EAST, NORTH, type Side, SOUTH, WEST } from './maze-grid.js';
import type { MazeDoc, MazeOpening } from './maze-types.js';

const STEP: Record<Side, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

function hasWall(doc: MazeDoc, row: number, col: number, bit: number): boolean {
  return doc.mask[row]?.[col] === '1' && ((doc.walls[row]?.[col] ?? 0) & bit) !== 0;
}

/** Wall segments merged into the longest straight runs, so a 80×80 maze stays a few hundred lines. */
function drawWalls(doc: MazeDoc, cell: number, origin: number, strokeWidth: number): DrawingItem[] {
  const items: DrawingItem[] = [];
  const run = (from: number, to: number, at: number, horizontal: boolean) => {
    const [a, b] = [origin + from * cell, origin + to * cell];
    const c = origin + at * cell;
    items.push(
      horizontal
        ? { type: 'line', x1: a, y1: c, x2: b, y2: c, strokeWidth }
        : { type: 'line', x1: c, y1: a, x2: c, y2: b, strokeWidth },
    );
  };
  for (let row = 0; row <= doc.height; row++) {
    let start = -1;
    for (let col = 0; col <= doc.width; col++) {
      const wall = col < doc.width && (hasWall(doc, row - 1, col, SOUTH) || hasWall(doc, row, col, NORTH));
      if (wall && start < 0) start = col;
      if (!wall && start >= 0) {
        run(start, col, row, true);
        start = -1;
      }
    }
  }
  for (let col = 0; col <= doc.width; col++) {
    let start = -1;
    for (let row = 0; row <= doc.height; row++) {
      const wall = row < doc.height && (hasWall(doc, row, col - 1, EAST) || hasWall(doc, row, col, WEST));
      if (wall && start < 0) start = row;
      if (!wall && start >= 0) {
        run(start, row, col, false);
        start = -1;
      }
    }
  }
  return items;
}

/** The point half a cell outside an opening, where the path enters or leaves. */
function outside(opening: MazeOpening, cell: number, origin: number): [number, number] {
  const [dx, dy] = STEP[opening.side];
  return [origin + (opening.col + 0.5 + dx) * cell, origin + (opening.row + 0.5 + dy) * cell];
}

/** A chevron outside an opening, pointing into the maze (entrance) or out of it (exit). */
function drawArrow(
  opening: MazeOpening,
  cell: number,
  origin: number,
  inward: boolean,
  strokeWidth: number,
): DrawingItem {
  const [dx, dy] = STEP[opening.side];
  const [x, y] = outside(opening, cell, origin);
  const sign = inward ? -1 : 1;
  const tip: [number, number] = [x + sign * dx * cell * 0.2, y + sign * dy * cell * 0.2];
  const back = (wing: number): [number, number] => [
    tip[0] - sign * dx * cell * 0.35 + wing * dy * cell * 0.3,
    tip[1] - sign * dy * cell * 0.35 + wing * dx * cell * 0.3,
  ];
  return { type: 'polyline', points: [back(1), tip, back(-1)], strokeWidth, round: true };
}

/**
 * Draws the maze's walls as merged lines with arrows at the entrance and exit; the key adds the
 * solution as a rounded polyline. Cells are up to 10 mm (large print: at least 8 mm and heavier
 * walls), sized to fit a 6×9 in safe area.
 *
 * @example
 * const drawing = drawMaze(doc, { key: true, largePrint: false });
 */
export function drawMaze(doc: MazeDoc, options: DrawOptions): Drawing {
  const fitted = Math.min(10, 125 / (doc.width + 2), 185 / (doc.height + 2));
  const cell = options.largePrint ? Math.max(fitted, 8) : fitted;
  const strokeWidth = options.largePrint ? 0.8 : Math.min(0.5, Math.max(0.2, cell * 0.08));
  const origin = cell;
  const items: DrawingItem[] = [];
  if (options.key) {
    const points: [number, number][] = [outside(doc.entrance, cell, origin)];
    for (const [row, col] of doc.solution)
      points.push([origin + (col + 0.5) * cell, origin + (row + 0.5) * cell]);
    points.push(outside(doc.exit, cell, origin));
    items.push({
      type: 'polyline',
      points,
      stroke: '#d62728',
      strokeWidth: Math.max(0.4, cell * 0.3),
      round: true,
    });
  }
  items.push(...drawWalls(doc, cell, origin, strokeWidth));
  items.push(
    drawArrow(doc.entrance, cell, origin, true, strokeWidth),
    drawArrow(doc.exit, cell, origin, false, strokeWidth),
  );
  return { width: (doc.width + 2) * cell, height: (doc.height + 2) * cell, items };
}
