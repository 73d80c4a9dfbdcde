import type { ActivityIssue } from '../errors.js';
import { buildShapeMask, countMaskCells, isMaskConnected, type Shape, type ShapeMask } from './shape-mask.js';

const IN = new Set(['1', '#', 'x', 'X', '*']);
const OUT = new Set(['0', '.', ' ', '-', '_']);

function readCell(value: unknown): 0 | 1 | null {
  if (value === 1 || value === true || (typeof value === 'string' && IN.has(value))) return 1;
  if (value === 0 || value === false || (typeof value === 'string' && OUT.has(value))) return 0;
  return null;
}

/**
 * Reads a custom mask given as rows — strings such as `'01110'` (`1 # x *` in, `0 . - _` and
 * space out) or arrays of 0/1 — and checks its size and that its cells are connected.
 *
 * @example
 * readMaskInput(['0110', '1111', '0110'], { min: 2, max: 80, minCells: 2 }).mask?.width; // 4
 */
export function readMaskInput(
  rows: unknown,
  limits: { min: number; max: number; minCells: number },
): { mask: ShapeMask | null; issues: ActivityIssue[] } {
  const fail = (message: string, path = '/mask') => ({
    mask: null,
    issues: [{ code: 'ACT_INVALID_INPUT', message: `mask: ${message}`, path }],
  });
  if (!Array.isArray(rows) || rows.length < limits.min || rows.length > limits.max) {
    return fail(`must be ${limits.min} to ${limits.max} rows.`);
  }
  const lists = rows.map((row: unknown) =>
    typeof row === 'string' ? [...row] : Array.isArray(row) ? (row as unknown[]) : null,
  );
  const width = lists[0]?.length ?? 0;
  if (width < limits.min || width > limits.max)
    return fail(`rows must be ${limits.min} to ${limits.max} cells wide.`);
  const cells = new Uint8Array(width * rows.length);
  for (let row = 0; row < lists.length; row++) {
    const list = lists[row];
    if (!list || list.length !== width) return fail(`every row must be ${width} cells wide.`, `/mask/${row}`);
    for (let col = 0; col < width; col++) {
      const cell = readCell(list[col]);
      if (cell === null) return fail('cells must be 1 (in) or 0 (out).', `/mask/${row}/${col}`);
      cells[row * width + col] = cell;
    }
  }
  const mask = { width, height: rows.length, cells };
  if (cells.reduce((n, cell) => n + cell, 0) < limits.minCells)
    return fail(`must include at least ${limits.minCells} cells.`);
  if (!isMaskConnected(mask))
    return fail('its cells must form one connected region (side by side, not only corner to corner).');
  return { mask, issues: [] };
}

/**
 * Reads the `shape` and `mask` inputs shared by shaped kinds: `shape` defaults to `custom` when a
 * mask is given and `rectangle` otherwise; a built-in shape is drawn at `width × height`.
 *
 * @example
 * readShapeInput({ shape: 'heart', width: 20, height: 18 }, { min: 2, max: 80, minCells: 4 }).mask;
 */
export function readShapeInput(
  raw: Record<string, unknown>,
  limits: { min: number; max: number; minCells: number },
): { shape: Shape; mask: ShapeMask | null; issues: ActivityIssue[] } {
  const issue = (message: string, path: string): ActivityIssue[] => [
    { code: 'ACT_INVALID_INPUT', message, path },
  ];
  const shape = (raw.shape as Shape | undefined) ?? (raw.mask === undefined ? 'rectangle' : 'custom');
  if (shape === 'custom') {
    if (raw.mask === undefined)
      return { shape, mask: null, issues: issue('mask: required when shape is custom.', '/mask') };
    return { shape, ...readMaskInput(raw.mask, limits) };
  }
  if (raw.mask !== undefined)
    return { shape, mask: null, issues: issue('mask: only used with shape "custom".', '/mask') };
  const mask = buildShapeMask(shape, raw.width as number, raw.height as number);
  if (countMaskCells(mask) < limits.minCells) {
    return {
      shape,
      mask: null,
      issues: issue(`shape: a ${shape} needs a larger width and height.`, '/shape'),
    };
  }
  return { shape, mask, issues: [] };
}
