import type { ActivityIssue } from '../../errors.js';
import { SHAPES, type ShapeMask } from '../../internal/shape-mask.js';
import { MAZE_ALGORITHMS } from './maze-carvers.js';
import { listBoundarySides, oppositeBit, SIDE_BITS, SIDES, type Side, stepCell } from './maze-grid.js';
import { MAZE_OPENINGS } from './maze-types.js';

const MAX_SIDE = 80;
const MAX_ISSUES = 20;

type Report = (path: string, message: string) => void;

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function readMask(doc: Record<string, unknown>, report: Report): ShapeMask | null {
  const { width, height, mask } = doc;
  if (!isInt(width, 2, MAX_SIDE) || !isInt(height, 2, MAX_SIDE)) {
    report('/width', `width and height must be whole numbers from 2 to ${MAX_SIDE}.`);
    return null;
  }
  if (
    !Array.isArray(mask) ||
    mask.length !== height ||
    !mask.every((row) => typeof row === 'string' && /^[01]*$/.test(row) && row.length === width)
  ) {
    report('/mask', `mask must be ${height} rows of ${width} '0'/'1' characters.`);
    return null;
  }
  const cells = Uint8Array.from((mask as string[]).join(''), (ch) => (ch === '1' ? 1 : 0));
  return { width, height, cells };
}

function readWalls(doc: Record<string, unknown>, mask: ShapeMask, report: Report): Uint8Array | null {
  const rows = doc.walls;
  const walls = new Uint8Array(mask.cells.length);
  if (!Array.isArray(rows) || rows.length !== mask.height) {
    report('/walls', `walls must be ${mask.height} rows.`);
    return null;
  }
  for (let row = 0; row < mask.height; row++) {
    const list: unknown = rows[row];
    if (!Array.isArray(list) || list.length !== mask.width || !list.every((bits) => isInt(bits, 0, 15))) {
      report(`/walls/${row}`, `walls row ${row + 1} must be ${mask.width} whole numbers from 0 to 15.`);
      return null;
    }
    list.forEach((bits, col) => {
      walls[row * mask.width + col] = bits as number;
      if (mask.cells[row * mask.width + col] !== 1 && bits !== 0)
        report(`/walls/${row}/${col}`, 'a cell outside the shape must have walls 0.');
    });
  }
  return walls;
}

function readOpening(
  value: unknown,
  name: string,
  mask: ShapeMask,
  walls: Uint8Array,
  report: Report,
): [number, Side] | null {
  const opening = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { row, col, side } = opening;
  if (!isInt(row, 0, mask.height - 1) || !isInt(col, 0, mask.width - 1) || !SIDES.includes(side as Side)) {
    report(`/${name}`, `${name} must be { row, col, side } inside the grid, side one of N, E, S, W.`);
    return null;
  }
  const cell = row * mask.width + col;
  if (mask.cells[cell] !== 1 || !listBoundarySides(mask, cell).includes(side as Side)) {
    report(`/${name}`, `${name} must be a cell of the shape, opening on a side that faces outside it.`);
  } else if (((walls[cell] as number) & SIDE_BITS[side as Side]) !== 0) {
    report(`/${name}`, `${name} must have no wall on its ${String(side)} side.`);
  }
  return [cell, side as Side];
}

function checkWallsAgree(
  mask: ShapeMask,
  walls: Uint8Array,
  openings: [number, Side][],
  report: Report,
): void {
  for (let cell = 0; cell < mask.cells.length; cell++) {
    if (mask.cells[cell] !== 1) continue;
    for (const side of SIDES) {
      const next = stepCell(mask, cell, side);
      const wall = ((walls[cell] as number) & SIDE_BITS[side]) !== 0;
      const where = `/walls/${Math.floor(cell / mask.width)}/${cell % mask.width}`;
      if (next >= 0 && mask.cells[next] === 1) {
        if (wall !== (((walls[next] as number) & oppositeBit(SIDE_BITS[side])) !== 0))
          report(where, `the ${side} wall disagrees with the neighbouring cell.`);
      } else if (!wall && !openings.some(([c, s]) => c === cell && s === side)) {
        report(
          where,
          `the outer wall on the ${side} side has a gap that is neither the entrance nor the exit.`,
        );
      }
    }
  }
}

function checkPerfect(mask: ShapeMask, walls: Uint8Array, report: Report): void {
  let cells = 0;
  let passages = 0;
  let first = -1;
  for (let cell = 0; cell < mask.cells.length; cell++) {
    if (mask.cells[cell] !== 1) continue;
    cells++;
    if (first < 0) first = cell;
    for (const side of ['E', 'S'] as const) {
      const next = stepCell(mask, cell, side);
      if (next >= 0 && mask.cells[next] === 1 && ((walls[cell] as number) & SIDE_BITS[side]) === 0)
        passages++;
    }
  }
  const seen = new Uint8Array(mask.cells.length);
  const stack = first < 0 ? [] : [first];
  let reached = 0;
  if (first >= 0) seen[first] = 1;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    reached++;
    for (const side of SIDES) {
      const next = stepCell(mask, cell, side);
      if (
        next < 0 ||
        mask.cells[next] !== 1 ||
        seen[next] === 1 ||
        ((walls[cell] as number) & SIDE_BITS[side]) !== 0
      )
        continue;
      seen[next] = 1;
      stack.push(next);
    }
  }
  if (cells < 2) report('/mask', 'a maze needs at least two cells.');
  if (reached !== cells)
    report('/walls', `the maze is not connected: ${cells - reached} cells cannot be reached.`);
  else if (passages !== cells - 1)
    report('/walls', 'the maze has loops: some two cells are joined by more than one path.');
}

function checkSolution(
  value: unknown,
  mask: ShapeMask,
  walls: Uint8Array,
  ends: [number, number],
  report: Report,
): void {
  const path = Array.isArray(value) ? value : [];
  const cells = path.map((step: unknown) =>
    Array.isArray(step) &&
    step.length === 2 &&
    isInt(step[0], 0, mask.height - 1) &&
    isInt(step[1], 0, mask.width - 1)
      ? step[0] * mask.width + step[1]
      : -1,
  );
  if (cells.length < 2 || cells[0] !== ends[0] || cells[cells.length - 1] !== ends[1]) {
    report(
      '/solution',
      'solution must be a list of [row, col] cells from the entrance cell to the exit cell.',
    );
    return;
  }
  const seen = new Set<number>();
  cells.forEach((cell, index) => {
    if (seen.has(cell)) report(`/solution/${index}`, 'solution visits a cell twice.');
    seen.add(cell);
    const previous = cells[index - 1];
    if (previous === undefined) return;
    const side = SIDES.find((s) => stepCell(mask, previous, s) === cell);
    if (!side || mask.cells[cell] !== 1 || ((walls[previous] as number) & SIDE_BITS[side]) !== 0) {
      report(
        `/solution/${index}`,
        'solution steps through a wall or jumps between cells that are not neighbours.',
      );
    }
  });
}

/**
 * Checks a maze doc: shapes of the grids, walls agreeing between neighbours, a closed outline
 * except the entrance and exit, a perfect maze (a spanning tree: connected, cells = passages + 1)
 * and a solution that walks from the entrance to the exit (in a tree, the only such path).
 *
 * @example
 * validateMaze(page.doc); // [] for every generated page
 */
export function validateMaze(doc: unknown): ActivityIssue[] {
  const issues: ActivityIssue[] = [];
  const report: Report = (path, message) => {
    if (issues.length < MAX_ISSUES) issues.push({ code: 'ACT_INVALID_PAGE', message, path });
  };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    report('', 'a maze page must be an object.');
    return issues;
  }
  const page = doc as Record<string, unknown>;
  if (!MAZE_ALGORITHMS.includes(page.algorithm as never))
    report('/algorithm', `algorithm must be one of ${MAZE_ALGORITHMS.join(', ')}.`);
  if (!SHAPES.includes(page.shape as never)) report('/shape', `shape must be one of ${SHAPES.join(', ')}.`);
  if (!MAZE_OPENINGS.includes(page.openings as never))
    report('/openings', `openings must be one of ${MAZE_OPENINGS.join(', ')}.`);
  const mask = readMask(page, report);
  const walls = mask && readWalls(page, mask, report);
  if (!mask || !walls) return issues;
  const entrance = readOpening(page.entrance, 'entrance', mask, walls, report);
  const exit = readOpening(page.exit, 'exit', mask, walls, report);
  if (!entrance || !exit) return issues;
  if (entrance[0] === exit[0]) report('/exit', 'the exit must be a different cell from the entrance.');
  checkWallsAgree(mask, walls, [entrance, exit], report);
  checkPerfect(mask, walls, report);
  checkSolution(page.solution, mask, walls, [entrance[0], exit[0]], report);
  return issues;
}
