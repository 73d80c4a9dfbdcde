import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random/seeded-random.js';
import { mazeKind } from './maze-kind.js';
import type { MazeDoc } from './maze-types.js';

const DEFAULTS = { width: 15, height: 15, algorithm: 'backtracker', openings: 'farthest' };

function make(raw: Record<string, unknown>, seed = 'm'): MazeDoc {
  const { input, issues } = mazeKind.normalizeInput({ ...DEFAULTS, ...raw });
  expect(issues).toEqual([]);
  return mazeKind.generate(input, createRandom(seed));
}

describe('maze kind', () => {
  it('draws built-in shapes as masks and reads custom masks in either form', () => {
    const heart = make({ shape: 'heart', width: 21, height: 19 });
    expect(heart.mask.join('')).toMatch(/0/);
    expect(heart.mask[heart.height - 1]).toMatch(/^0+1+0+$/); // the point of the heart
    const rows = ['0110', '1111', '0110'];
    expect(make({ mask: rows }).mask).toEqual(rows);
    expect(
      make({
        mask: [
          [0, 1, 1, 0],
          [1, 1, 1, 1],
          [0, 1, 1, 0],
        ],
      }).mask,
    ).toEqual(rows);
    expect(make({ shape: 'custom', mask: ['.##.', '####'] }).mask).toEqual(['0110', '1111']);
  });

  it('rejects disconnected, too small and misplaced masks', () => {
    const issues = (raw: Record<string, unknown>) =>
      mazeKind.normalizeInput({ ...DEFAULTS, ...raw }).issues.map((i) => i.path);
    expect(issues({ mask: ['1100', '0011'] })).toEqual(['/mask']);
    expect(issues({ mask: ['100', '000'] })).toEqual(['/mask']);
    expect(issues({ mask: ['11', '1'] })).toEqual(['/mask/1']);
    expect(issues({ shape: 'circle', mask: ['11', '11'] })).toEqual(['/mask']);
    expect(issues({ shape: 'custom' })).toEqual(['/mask']);
  });

  it('puts openings on the requested sides', () => {
    for (const algorithm of ['backtracker', 'kruskal', 'prim', 'wilson']) {
      const topBottom = make({ openings: 'top-bottom', algorithm, width: 9, height: 7 });
      expect([
        topBottom.entrance.side,
        topBottom.exit.side,
        topBottom.entrance.row,
        topBottom.exit.row,
      ]).toEqual(['N', 'S', 0, 6]);
      const leftRight = make({ openings: 'left-right', algorithm, width: 9, height: 7 });
      expect([
        leftRight.entrance.side,
        leftRight.exit.side,
        leftRight.entrance.col,
        leftRight.exit.col,
      ]).toEqual(['W', 'E', 0, 8]);
    }
  });

  it('chooses far-apart openings: the solution of a 20×20 maze is long', () => {
    const lengths = ['a', 'b', 'c', 'd'].map((seed) => make({ width: 20, height: 20 }, seed).solution.length);
    expect(Math.min(...lengths)).toBeGreaterThan(40);
  });

  it('handles the smallest maze', () => {
    const doc = make({ width: 2, height: 2 });
    expect(doc.solution.length).toBeGreaterThanOrEqual(2);
    expect(mazeKind.validate(doc)).toEqual([]);
  });

  it('draws merged wall lines that fit the safe area, and the solution in the key', () => {
    const doc = make({ width: 30, height: 40, algorithm: 'wilson' });
    const puzzle = mazeKind.draw(doc, { key: false, largePrint: false });
    expect(puzzle.width).toBeLessThanOrEqual(127);
    expect(puzzle.height).toBeLessThanOrEqual(203);
    expect(puzzle.items.filter((item) => item.type === 'line').length).toBeLessThan(30 * 40);
    const key = mazeKind.draw(doc, { key: true, largePrint: false });
    const path = key.items.find((item) => item.type === 'polyline' && item.stroke === '#d62728');
    expect(path?.type === 'polyline' && path.points.length).toBe(doc.solution.length + 2);
  });

  it('never throws on garbage', () => {
    fc.assert(
      fc.property(fc.anything(), (doc) => {
        expect(Array.isArray(mazeKind.validate(doc))).toBe(true);
      }),
      { seed: 2, numRuns: 500 },
    );
    const doc = make({});
    expect(mazeKind.validate({ ...doc, algorithm: 'eller' })[0]?.path).toBe('/algorithm');
    expect(mazeKind.validate({ ...doc, entrance: { row: 7, col: 7, side: 'N' } })[0]?.path).toBe('/entrance');
  });
});
