/** Built-in outlines for masked grids (mazes and word searches); `custom` takes a mask grid. */
export const SHAPES = ['rectangle', 'circle', 'diamond', 'heart', 'custom'] as const;

/** An outline's name. */
export type Shape = (typeof SHAPES)[number];

/** A grid of cells, 1 where the shape includes the cell, row by row. */
export interface ShapeMask {
  width: number;
  height: number;
  cells: Uint8Array;
}

function isInside(shape: Exclude<Shape, 'custom'>, x: number, y: number): boolean {
  switch (shape) {
    case 'rectangle':
      return true;
    case 'circle':
      return x * x + y * y <= 1.0001;
    case 'diamond':
      return Math.abs(x) + Math.abs(y) <= 1.0001;
    case 'heart': {
      // The classic implicit heart, stretched to the grid: (x² + y² − 1)³ − x²y³ ≤ 0.
      const hx = x * 1.2;
      const hy = 0.15 - y * 1.2;
      const base = hx * hx + hy * hy - 1;
      return base * base * base - hx * hx * hy * hy * hy <= 0;
    }
  }
}

/**
 * Keeps only the largest 4-connected group of cells (the first in reading order on ties), so a
 * shape drawn at a small size never falls apart into islands.
 *
 * @example
 * const { cells } = keepLargestRegion({ width: 3, height: 1, cells: Uint8Array.of(1, 0, 1) }); // [1, 0, 0]
 */
export function keepLargestRegion(mask: ShapeMask): ShapeMask {
  const { width, height, cells } = mask;
  const region = new Int32Array(cells.length).fill(-1);
  const stack: number[] = [];
  let best = -1;
  let bestSize = 0;
  for (let start = 0; start < cells.length; start++) {
    if (cells[start] !== 1 || region[start] !== -1) continue;
    let size = 0;
    region[start] = start;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      size++;
      const row = Math.floor(cell / width);
      const col = cell % width;
      const around = [
        row > 0 ? cell - width : -1,
        col < width - 1 ? cell + 1 : -1,
        row < height - 1 ? cell + width : -1,
        col > 0 ? cell - 1 : -1,
      ];
      for (const next of around) {
        if (next >= 0 && cells[next] === 1 && region[next] === -1) {
          region[next] = start;
          stack.push(next);
        }
      }
    }
    if (size > bestSize) {
      best = start;
      bestSize = size;
    }
  }
  return { width, height, cells: Uint8Array.from(region, (owner) => (owner === best && best >= 0 ? 1 : 0)) };
}

/**
 * Draws a built-in shape onto a `width × height` grid, sampling each cell's centre and keeping
 * the largest connected region.
 *
 * @example
 * const mask = buildShapeMask('heart', 20, 18);
 */
export function buildShapeMask(shape: Exclude<Shape, 'custom'>, width: number, height: number): ShapeMask {
  const cells = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const x = ((col + 0.5) / width) * 2 - 1;
      const y = ((row + 0.5) / height) * 2 - 1;
      cells[row * width + col] = isInside(shape, x, y) ? 1 : 0;
    }
  }
  return keepLargestRegion({ width, height, cells });
}

/**
 * Counts the cells in a mask.
 *
 * @example
 * countMaskCells(buildShapeMask('rectangle', 3, 2)); // 6
 */
export function countMaskCells(mask: ShapeMask): number {
  let count = 0;
  for (const cell of mask.cells) count += cell;
  return count;
}

/**
 * True when the mask's cells form one 4-connected region (and there is at least one).
 *
 * @example
 * isMaskConnected({ width: 3, height: 1, cells: Uint8Array.of(1, 0, 1) }); // false
 */
export function isMaskConnected(mask: ShapeMask): boolean {
  const total = countMaskCells(mask);
  return total > 0 && countMaskCells(keepLargestRegion(mask)) === total;
}

/**
 * Writes a mask as rows of '1' (in) and '0' (out), the form pages store.
 *
 * @example
 * toMaskRows(buildShapeMask('rectangle', 2, 1)); // ['11']
 */
export function toMaskRows(mask: ShapeMask): string[] {
  return Array.from({ length: mask.height }, (_, row) =>
    Array.from(mask.cells.subarray(row * mask.width, (row + 1) * mask.width)).join(''),
  );
}
