import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActivityError } from '../../errors.js';
import { generatePage } from '../../generate-page.js';
import { mathKind } from './math-kind.js';
import type { MathDoc } from './math-types.js';

function generate(input: Record<string, unknown>, seed: string | number = 'test'): MathDoc {
  return generatePage({ kind: 'math', input, seed }).doc as unknown as MathDoc;
}

function inputError(input: Record<string, unknown>): string {
  try {
    generatePage({ kind: 'math', input, seed: 1 });
  } catch (error) {
    if (isActivityError(error) && error.code === 'ACT_INVALID_INPUT')
      return error.issues.map((i) => i.message).join(' ');
    throw error;
  }
  throw new Error('expected the input to be refused');
}

// An independent reference: plain JavaScript arithmetic, exactness by modulo.
function expected(a: number, b: number, op: string): number {
  if (op === 'add') return a + b;
  if (op === 'subtract') return a - b;
  if (op === 'multiply') return a * b + 0;
  return Math.trunc(a / b) + 0;
}

const inputArbitrary = fc
  .record({
    operations: fc.subarray(['add', 'subtract', 'multiply', 'divide'], { minLength: 1 }),
    a: fc.tuple(fc.integer({ min: -50, max: 200 }), fc.integer({ min: -50, max: 200 })),
    b: fc.tuple(fc.integer({ min: -20, max: 30 }), fc.integer({ min: -20, max: 30 })),
    count: fc.integer({ min: 1, max: 100 }),
    allowNegative: fc.boolean(),
    allowRemainder: fc.boolean(),
    format: fc.constantFrom('vertical', 'horizontal'),
    columns: fc.integer({ min: 1, max: 6 }),
  })
  .map(({ a, b, ...rest }) => ({
    ...rest,
    minA: Math.min(...a),
    maxA: Math.max(...a),
    minB: Math.min(...b),
    maxB: Math.max(...b),
  }));

describe('math kind', () => {
  it('makes the default sheet: 20 additions within 0–10 in 4 columns', () => {
    const doc = generate({});
    expect(doc.problems).toHaveLength(20);
    for (const p of doc.problems) {
      expect(p.op).toBe('add');
      expect(p.answer).toBe(p.a + p.b);
      expect(p.a).toBeGreaterThanOrEqual(0);
      expect(p.b).toBeLessThanOrEqual(10);
    }
    expect(mathKind.validate(doc)).toEqual([]);
  });

  it('never goes negative in subtraction by default and divides exactly', () => {
    const doc = generate({
      operations: ['subtract', 'divide'],
      minA: 0,
      maxA: 100,
      minB: 0,
      maxB: 12,
      count: 100,
    });
    for (const p of doc.problems) {
      expect(p.answer).toBeGreaterThanOrEqual(0);
      if (p.op === 'divide') {
        expect(p.b).not.toBe(0);
        expect(p.a % p.b).toBe(0);
        expect(p.remainder).toBeUndefined();
      }
    }
    expect(doc.problems.filter((p) => p.op === 'divide')).toHaveLength(50);
  });

  it('gives a remainder when allowed', () => {
    const doc = generate({
      operations: ['divide'],
      minA: 10,
      maxA: 99,
      minB: 2,
      maxB: 9,
      allowRemainder: true,
      count: 50,
    });
    expect(doc.problems.some((p) => (p.remainder ?? 0) > 0)).toBe(true);
    for (const p of doc.problems) expect(p.a).toBe(p.b * p.answer + (p.remainder ?? 0));
  });

  it('avoids repeating a problem while fresh ones are available', () => {
    const doc = generate({ operations: ['multiply'], minA: 2, maxA: 9, minB: 2, maxB: 9, count: 40 });
    expect(new Set(doc.problems.map((p) => `${p.a}x${p.b}`)).size).toBe(40);
  });

  it('refuses impossible or contradictory settings', () => {
    expect(inputError({ operations: ['add', 'modulo'] })).toMatch(/"modulo" is not one of/);
    expect(inputError({ operations: ['add', 'add'] })).toMatch(/listed twice/);
    expect(inputError({ minA: 5, maxA: 1 })).toMatch(/minA \(5\) is above maxA \(1\)/);
    expect(inputError({ minA: -5 })).toMatch(/allowNegative/);
    expect(inputError({ operations: ['subtract'], minA: 0, maxA: 3, minB: 5, maxB: 9 })).toMatch(
      /results would be negative/,
    );
    expect(inputError({ operations: ['divide'], minB: 0, maxB: 0 })).toMatch(/only divisor in range is 0/);
    expect(inputError({ operations: ['divide'], minA: 11, maxA: 13, minB: 7, maxB: 10 })).toMatch(
      /divides any a/,
    );
  });

  it('answers are right, ranges respected, and the same seed gives the same page', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.string(), (input, seed) => {
        let page: ReturnType<typeof generatePage>;
        try {
          page = generatePage({ kind: 'math', input, seed });
        } catch (error) {
          expect(isActivityError(error) && error.code === 'ACT_INVALID_INPUT').toBe(true);
          return;
        }
        const doc = page.doc as unknown as MathDoc;
        expect(doc.problems).toHaveLength(input.count);
        for (const p of doc.problems) {
          expect(p.answer).toBe(expected(p.a, p.b, p.op));
          expect(p.a).toBeGreaterThanOrEqual(input.minA);
          expect(p.a).toBeLessThanOrEqual(input.maxA);
          expect(p.b).toBeGreaterThanOrEqual(input.minB);
          expect(p.b).toBeLessThanOrEqual(input.maxB);
          if (!input.allowNegative) expect(p.answer).toBeGreaterThanOrEqual(0);
          if (p.op === 'divide' && !input.allowRemainder) expect(Math.abs(p.a % p.b)).toBe(0);
        }
        expect(mathKind.validate(doc)).toEqual([]);
        expect(generatePage({ kind: 'math', input, seed })).toEqual(page);
      }),
      { seed: 77, numRuns: 400 },
    );
  });

  it('rejects a wrong answer, an operand out of range, an inexact division and a foreign operation', () => {
    const doc = generate({ operations: ['add', 'divide'], minA: 1, maxA: 50, minB: 1, maxB: 10 });
    const mutate = (change: (d: MathDoc) => void) => {
      const copy = structuredClone(doc);
      change(copy);
      return mathKind
        .validate(copy)
        .map((i) => i.message)
        .join();
    };
    expect(
      mutate((d) => {
        (d.problems[0] as { answer: number }).answer += 1;
      }),
    ).toMatch(/answer is wrong/);
    expect(
      mutate((d) => {
        const p = d.problems[0] as { a: number; b: number; answer: number; op: string };
        p.op = 'add';
        p.a = 99;
        p.answer = 99 + p.b;
      }),
    ).toMatch(/outside its range/);
    expect(
      mutate((d) => {
        d.problems[0] = { a: 7, b: 2, op: 'divide', answer: 3 };
      }),
    ).toMatch(/not exact/);
    expect(
      mutate((d) => {
        d.problems[0] = { a: 7, b: 2, op: 'multiply', answer: 14 };
      }),
    ).toMatch(/page's operations/);
    for (const garbage of [
      null,
      [],
      {},
      { problems: [] },
      { ...doc, problems: [{ a: '1', b: 2, op: 'add', answer: 3 }] },
    ]) {
      expect(mathKind.validate(garbage).length).toBeGreaterThan(0);
    }
  });

  it('draws numbered problems in columns; the key adds the answers; large print stays at 18 pt or more', () => {
    for (const format of ['vertical', 'horizontal']) {
      const doc = generate({
        operations: ['add', 'subtract', 'multiply', 'divide'],
        minA: 0,
        maxA: 999,
        minB: 1,
        maxB: 99,
        count: 24,
        columns: 6,
        format,
      });
      const puzzle = mathKind.draw(doc, { key: false, largePrint: false });
      const key = mathKind.draw(doc, { key: true, largePrint: false });
      const texts = (d: typeof puzzle) => d.items.flatMap((item) => (item.type === 'text' ? [item] : []));
      expect(texts(key).length - texts(puzzle).length).toBe(24);
      expect(texts(puzzle).filter((t) => /^\d+\.$/.test(t.text))).toHaveLength(24);
      expect(puzzle.width).toBeLessThanOrEqual(127);
      const large = mathKind.draw(doc, { key: true, largePrint: true });
      expect(Math.min(...texts(large).map((t) => t.size))).toBeGreaterThanOrEqual(18);
      for (const t of texts(large)) expect(t.x).toBeLessThanOrEqual(large.width);
    }
  });
});
