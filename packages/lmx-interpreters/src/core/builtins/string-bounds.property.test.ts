import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScriptErrorCode } from '../../diagnostics.js';
import { executeScript } from '../../execute-script.js';

// Every way a script grows text, with big inputs: the run either answers text within the
// string limit or stops with E_LIMIT_STRING (E_LIMIT_LIST for a list) — checked before the
// text is built, so the message is the limit's own, with a position; never "internal error".
// Fixed seed, so CI is deterministic.

const LIMIT = 1_000_000;
const LIMIT_MESSAGE = `a string would be longer than ${LIMIT} characters`;

/** The string-growing expressions, over `a`, `b` (strings) and `l` (a list holding `a` k times). */
const GROWERS = [
  'a + b',
  'a + l',
  '"{{a}}-{{b}}"',
  'replace(a, b, a)',
  'replace(a, "", b)',
  'replace(a, "a", b)',
  'join(l, b)',
  'join([a, b, a], b)',
  'str(l)',
  'str({a: a, b: l})',
  'json(l)',
  'json({a: a, b: b})',
  'upper(a)',
  'lower(b)',
  'repeat(a, k)',
  'repeat(b, 3)',
  'str([l, l])',
] as const;

const PIECES = ['', 'a', 'ab', 'ß', 'ŉ', '\u0001', '"', '😀'];

/** Runs one grower and returns its outcome; the result's length is printed, never the text. */
function grow(expression: string, a: string, n: number, b: string, m: number, k: number) {
  const source = [
    `let a = repeat(${JSON.stringify(a)}, ${n})`,
    `let b = repeat(${JSON.stringify(b)}, ${m})`,
    `let k = ${k}`,
    'let l = []',
    'for i in range(k) push(l, a) end',
    `let grown = ${expression}`,
    'print len(grown)',
  ].join('\n');
  return executeScript({ mode: 'lmx', source });
}

const ALLOWED: ReadonlySet<ScriptErrorCode> = new Set(['E_LIMIT_STRING', 'E_LIMIT_LIST']);

describe('string-growing builtins and operators with big inputs', () => {
  it('answer within the string limit or stop with the limit, checked before building', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GROWERS),
        fc.constantFrom(...PIECES),
        fc.integer({ min: 0, max: LIMIT }),
        fc.constantFrom(...PIECES),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        (expression, a, n, b, m, k) => {
          const result = grow(expression, a, n, b, m, k);
          if (result.ok) {
            expect(Number(result.output[0])).toBeLessThanOrEqual(LIMIT);
            return;
          }
          const { error } = result;
          expect(error?.message).not.toMatch(/internal error|JavaScript can hold/);
          // A piece repeated past the limit fails at `repeat` on line 1 or 2, before the grower.
          expect(ALLOWED.has(error?.code as ScriptErrorCode), `${error?.code} ${error?.message}`).toBe(true);
          if (error?.code === 'E_LIMIT_STRING') expect(error.message).toBe(LIMIT_MESSAGE);
          expect(error?.line).toBeGreaterThan(0);
        },
      ),
      { seed: 2121, numRuns: 150 },
    );
  });

  it.each([
    ['replace with an empty needle', 'replace(repeat("a", 100000), "", repeat("b", 100000))'],
    ['replace growing every match', 'replace(repeat("ab", 400000), "a", repeat("c", 1000))'],
    ['str of a list holding one long string 100 000 times', 'str(l)'],
    ['json of that list', 'json(l)'],
    ['join of that list', 'join(l, ",")'],
    ['a template of that list', '"{{l}}"'],
    ['concatenation with that list', '"x" + l'],
  ])('%s stops with E_LIMIT_STRING where it is written', (_name, expression) => {
    const source = `let l = []\nlet s = repeat("a", ${LIMIT})\nfor i in range(100000) push(l, s) end\nprint ${expression}`;
    const result = executeScript({ mode: 'lmx', source });
    expect(result.error).toMatchObject({ code: 'E_LIMIT_STRING', message: LIMIT_MESSAGE, line: 4 });
  });

  it('stops a print line built of long values with the string limit, printing nothing', () => {
    const result = executeScript({
      mode: 'lmx',
      source: 'let s = repeat("a", 600000)\nprint "start"\nprint s, s',
    });
    expect(result.error).toMatchObject({ code: 'E_LIMIT_STRING', line: 3 });
    expect(result.output).toEqual(['start']);
  });
});
