import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../../generate-page.js';
import { validatePage } from '../../validate-page.js';
import type { MazeDoc } from './maze-types.js';

// Independent checks, written against the doc's JSON only: union–find over the open passages
// proves a spanning tree (no passage closes a loop, one component), and a breadth-first search
// from the entrance must end at the exit along exactly the doc's solution.

const STEP: Record<string, [number, number, number, number]> = {
  N: [-1, 0, 1, 4],
  E: [0, 1, 2, 8],
  S: [1, 0, 4, 1],
  W: [0, -1, 8, 2],
};

function inside(doc: MazeDoc, r: number, c: number): boolean {
  return doc.mask[r]?.[c] === '1';
}

function checkPerfect(doc: MazeDoc): void {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    while (parent.get(x) !== x) x = parent.get(x) as number;
    return x;
  };
  let cells = 0;
  for (let r = 0; r < doc.height; r++) {
    for (let c = 0; c < doc.width; c++) {
      if (!inside(doc, r, c)) continue;
      parent.set(r * doc.width + c, r * doc.width + c);
      cells++;
    }
  }
  let components = cells;
  const problems: string[] = [];
  for (let r = 0; r < doc.height; r++) {
    for (let c = 0; c < doc.width; c++) {
      if (!inside(doc, r, c)) continue;
      for (const side of ['E', 'S']) {
        const [dr, dc, bit, back] = STEP[side] as [number, number, number, number];
        if (!inside(doc, r + dr, c + dc)) continue;
        const open = ((doc.walls[r]?.[c] ?? 15) & bit) === 0;
        if (open !== (((doc.walls[r + dr]?.[c + dc] ?? 15) & back) === 0))
          problems.push(`walls disagree at ${r},${c}`);
        if (!open) continue;
        const [a, b] = [find(r * doc.width + c), find((r + dr) * doc.width + c + dc)];
        // A passage between cells already joined would close a loop.
        if (a === b) problems.push(`loop through ${r},${c} ${side}`);
        parent.set(a, b);
        components--;
      }
    }
  }
  expect(problems).toEqual([]);
  expect(components).toBe(1);
}

function checkOpenings(doc: MazeDoc): void {
  let gaps = 0;
  for (let r = 0; r < doc.height; r++) {
    for (let c = 0; c < doc.width; c++) {
      if (!inside(doc, r, c)) continue;
      for (const [side, [dr, dc, bit]] of Object.entries(STEP)) {
        if (inside(doc, r + dr, c + dc) || ((doc.walls[r]?.[c] ?? 15) & bit) !== 0) continue;
        gaps++;
        const isOpening = [doc.entrance, doc.exit].some((o) => o.row === r && o.col === c && o.side === side);
        expect(isOpening).toBe(true);
      }
    }
  }
  expect(gaps).toBe(2);
}

function checkSolution(doc: MazeDoc): void {
  const start = doc.entrance.row * doc.width + doc.entrance.col;
  const previous = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head] as number;
    const [r, c] = [Math.floor(cell / doc.width), cell % doc.width];
    for (const [dr, dc, bit] of Object.values(STEP)) {
      const next = (r + dr) * doc.width + c + dc;
      if (!inside(doc, r + dr, c + dc) || ((doc.walls[r]?.[c] ?? 15) & bit) !== 0 || previous.has(next))
        continue;
      previous.set(next, cell);
      queue.push(next);
    }
  }
  const path: [number, number][] = [];
  for (let cell = doc.exit.row * doc.width + doc.exit.col; cell !== -1; cell = previous.get(cell) as number) {
    path.unshift([Math.floor(cell / doc.width), cell % doc.width]);
  }
  expect(doc.solution).toEqual(path);
}

const algorithm = fc.constantFrom('backtracker', 'kruskal', 'prim', 'wilson');
const shape = fc.constantFrom('rectangle', 'circle', 'diamond', 'heart');
const openings = fc.constantFrom('farthest', 'top-bottom', 'left-right');
const side = fc.integer({ min: 2, max: 30 });

describe('maze properties', () => {
  it('every maze is perfect, opened only at the entrance and exit, with the only path as solution (3,000 seeds)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        algorithm,
        shape,
        openings,
        side,
        side,
        (seed, alg, shp, open, width, height) => {
          const built = shp === 'rectangle' || (width >= 6 && height >= 6);
          const input = { algorithm: alg, shape: built ? shp : 'rectangle', openings: open, width, height };
          const doc = generatePage({ kind: 'maze', input, seed }).doc as unknown as MazeDoc;
          checkPerfect(doc);
          checkOpenings(doc);
          checkSolution(doc);
          expect(validatePage({ kind: 'maze', doc })).toEqual({ ok: true, errors: [] });
        },
      ),
      { seed: 2024, numRuns: 3000 },
    );
  });

  it('custom masks: every connected mask gives a perfect maze over exactly its cells', () => {
    // Random cells, row 0 always in, then only the region joined to the top left: connected.
    const keepRegion = (rows: boolean[][]): string[] => {
      const seen = rows.map((row) => row.map(() => false));
      const stack: [number, number][] = [[0, 0]];
      (seen[0] as boolean[])[0] = true;
      while (stack.length > 0) {
        const [r, c] = stack.pop() as [number, number];
        for (const [dr, dc] of [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ] as const) {
          if (rows[r + dr]?.[c + dc] && !seen[r + dr]?.[c + dc]) {
            (seen[r + dr] as boolean[])[c + dc] = true;
            stack.push([r + dr, c + dc]);
          }
        }
      }
      return seen.map((row) => row.map((on) => (on ? '1' : '0')).join(''));
    };
    const mask = fc
      .array(fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }), { minLength: 7, maxLength: 7 })
      .map((rows) => keepRegion(rows.map((row, r) => row.map((on) => on || r === 0))));
    fc.assert(
      fc.property(fc.integer(), algorithm, mask, (seed, alg, rows) => {
        const doc = generatePage({ kind: 'maze', input: { algorithm: alg, mask: rows }, seed })
          .doc as unknown as MazeDoc;
        expect(doc.mask).toEqual(rows);
        checkPerfect(doc);
        checkOpenings(doc);
        checkSolution(doc);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('the same seed and input give a deep-equal page', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), algorithm, shape, side, (seed, alg, shp, size) => {
        const input = { algorithm: alg, shape: size >= 6 ? shp : 'rectangle', width: size, height: size };
        expect(generatePage({ kind: 'maze', input, seed })).toEqual(
          generatePage({ kind: 'maze', input, seed }),
        );
      }),
      { seed: 99, numRuns: 500 },
    );
  });

  it('rejects a removed wall, an added wall and a shortened solution', () => {
    fc.assert(
      fc.property(fc.integer(), algorithm, fc.nat(), (seed, alg, pick) => {
        const doc = generatePage({ kind: 'maze', input: { algorithm: alg, width: 12, height: 9 }, seed })
          .doc as unknown as MazeDoc;
        const mutate = (change: (copy: MazeDoc) => void) => {
          const copy = structuredClone(doc);
          change(copy);
          return validatePage({ kind: 'maze', doc: copy }).ok;
        };
        const walls: [number, number][] = [];
        const passages: [number, number][] = [];
        for (let r = 0; r < doc.height; r++)
          for (let c = 0; c + 1 < doc.width; c++)
            ((doc.walls[r]?.[c] ?? 0) & 2 ? walls : passages).push([r, c]);
        const [wr, wc] = walls[pick % walls.length] as [number, number];
        const [pr, pc] = passages[pick % passages.length] as [number, number];
        const setBit = (copy: MazeDoc, r: number, c: number, east: boolean) => {
          const row = copy.walls[r] as number[];
          row[c] = east ? (row[c] as number) | 2 : (row[c] as number) & ~2;
          row[c + 1] = east ? (row[c + 1] as number) | 8 : (row[c + 1] as number) & ~8;
        };
        expect(mutate((copy) => setBit(copy, wr, wc, false))).toBe(false); // a loop
        expect(mutate((copy) => setBit(copy, pr, pc, true))).toBe(false); // cut in two
        expect(mutate((copy) => copy.solution.splice(1, 1))).toBe(false);
      }),
      { seed: 5, numRuns: 500 },
    );
  });
});
