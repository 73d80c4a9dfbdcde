import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActivityError } from '../../errors.js';
import { generatePage } from '../../generate-page.js';
import { validatePage } from '../../validate-page.js';
import { nonogramKind } from './nonogram-kind.js';
import type { NonogramDoc } from './nonogram-types.js';

const HEART = ['0110110', '1111111', '1111111', '0111110', '0011100', '0001000'];

function generate(input: Record<string, unknown>, seed: string | number = 'test'): NonogramDoc {
  return generatePage({ kind: 'nonogram', input, seed }).doc as unknown as NonogramDoc;
}

function inputError(input: Record<string, unknown>): string {
  try {
    generatePage({ kind: 'nonogram', input, seed: 1 });
  } catch (error) {
    if (isActivityError(error) && error.code === 'ACT_INVALID_INPUT')
      return error.issues.map((i) => i.message).join(' ');
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe('nonogram kind', () => {
  it('turns a line-solvable picture into clues and keeps it as the solution', () => {
    const doc = generate({ picture: HEART });
    expect(doc.width).toBe(7);
    expect(doc.height).toBe(6);
    expect(doc.rowClues).toEqual([[2, 2], [7], [7], [5], [3], [1]]);
    expect(doc.colClues[0]).toEqual([2]);
    expect(doc.solution[5]).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(validatePage({ kind: 'nonogram', doc }).ok).toBe(true);
  });

  it('reads pictures written with #/. marks, 0/1 lists or booleans alike', () => {
    const marks = generate({ picture: HEART.map((row) => row.replaceAll('1', '#').replaceAll('0', '.')) });
    const lists = generate({ picture: HEART.map((row) => Array.from(row, Number)) });
    const booleans = generate({ picture: HEART.map((row) => Array.from(row, (c) => c === '1')) });
    expect(marks).toEqual(lists);
    expect(booleans).toEqual(lists);
  });

  it('refuses a picture that line logic cannot finish, saying where it stalls', () => {
    const message = inputError({ picture: ['10000', '01000', '00000', '00000', '00000'] });
    expect(message).toMatch(/4 cells undecided \(rows 1, 2; columns 1, 2\)/);
    expect(message).toMatch(/more than one solution/);
  });

  it('refuses ragged, unreadable, blank and undersized pictures', () => {
    expect(inputError({ picture: ['11111', '1111', '11111', '11111', '11111'] })).toMatch(
      /row 2 has 4 cells/,
    );
    expect(inputError({ picture: ['11111', '11a11', '11111', '11111', '11111'] })).toMatch(/row 2, cell 3/);
    expect(inputError({ picture: ['00000', '00000', '00000', '00000', '00000'] })).toMatch(
      /no cell is filled/,
    );
    expect(inputError({ picture: ['1111', '1111', '1111', '1111', '1111'] })).toMatch(/5 to 30 cells wide/);
    expect(inputError({ picture: ['11111', '11111'] })).toMatch(/at least 5/);
  });

  it('refuses sparse random pictures above 25 cells a side', () => {
    expect(inputError({ width: 30, height: 20, density: 0.35 })).toMatch(/at least 0.45/);
    expect(generate({ width: 25, height: 25, density: 0.35 }).width).toBe(25);
  });

  it('makes the same page from the same seed and a different one from another', () => {
    const a = generatePage({ kind: 'nonogram', input: { width: 20, height: 15 }, seed: 'same' });
    expect(generatePage({ kind: 'nonogram', input: { width: 20, height: 15 }, seed: 'same' })).toEqual(a);
    expect(
      generatePage({ kind: 'nonogram', input: { width: 20, height: 15 }, seed: 'other' }).doc,
    ).not.toEqual(a.doc);
  });

  it('keeps the density of random pictures near the one asked for', () => {
    for (const density of [0.3, 0.5, 0.6, 0.8]) {
      const doc = generate({ width: 20, height: 20, density });
      const filled = doc.solution.flat().reduce((a, b) => a + b, 0) / 400;
      expect(Math.abs(filled - density)).toBeLessThan(0.06);
    }
  });

  it('accepts every generated page and rejects every mutated one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 30 }),
        fc.integer({ min: 5, max: 30 }),
        fc.integer({ min: 3, max: 9 }),
        fc.string(),
        (width, height, tenths, seed) => {
          const density = Math.max(width, height) > 25 ? Math.max(tenths, 5) / 10 : tenths / 10;
          const doc = generate({ width, height, density }, seed);
          expect(nonogramKind.validate(doc)).toEqual([]);
          const flipped = structuredClone(doc);
          const row = flipped.solution[height - 1] as number[];
          row[0] = 1 - (row[0] as number);
          expect(nonogramKind.validate(flipped)).not.toEqual([]);
          const clue = structuredClone(doc);
          clue.colClues[width - 1] = [...(clue.colClues[width - 1] ?? []), 1];
          expect(nonogramKind.validate(clue)).not.toEqual([]);
        },
      ),
      { seed: 99, numRuns: 60 },
    );
  });

  it('rejects clues that agree with the solution but need guessing', () => {
    const solution = [
      [1, 0, 0, 0, 0],
      [0, 1, 0, 0, 0],
      [0, 0, 1, 1, 1],
      [0, 0, 1, 1, 1],
      [0, 0, 1, 1, 1],
    ];
    const doc = {
      width: 5,
      height: 5,
      solution,
      rowClues: [[1], [1], [3], [3], [3]],
      colClues: [[1], [1], [3], [3], [3]],
    };
    expect(
      nonogramKind
        .validate(doc)
        .map((i) => i.message)
        .join(),
    ).toMatch(/without guessing/);
  });

  it('never throws on garbage', () => {
    for (const garbage of [
      null,
      'x',
      [],
      {},
      { width: 5, height: 5 },
      { width: 5, height: 5, solution: [[2]] },
      { width: 1e9, height: 5 },
    ]) {
      expect(nonogramKind.validate(garbage).length).toBeGreaterThan(0);
    }
  });

  it('draws clues, guide lines and, for the key, the filled cells', () => {
    const doc = generate({ width: 15, height: 15 });
    const puzzle = nonogramKind.draw(doc, { key: false, largePrint: false });
    const key = nonogramKind.draw(doc, { key: true, largePrint: false });
    const filled = doc.solution.flat().filter((cell) => cell === 1).length;
    expect(puzzle.items.filter((item) => item.type === 'rect')).toHaveLength(0);
    expect(key.items.filter((item) => item.type === 'rect')).toHaveLength(filled);
    const clueCount = [...doc.rowClues, ...doc.colClues].reduce(
      (sum, clue) => sum + Math.max(1, clue.length),
      0,
    );
    expect(puzzle.items.filter((item) => item.type === 'text')).toHaveLength(clueCount);
    expect(puzzle.width).toBeLessThanOrEqual(128);
    const large = nonogramKind.draw(doc, { key: false, largePrint: true });
    expect(
      Math.min(...large.items.flatMap((item) => (item.type === 'text' ? [item.size] : []))),
    ).toBeGreaterThanOrEqual(18);
  });
});
