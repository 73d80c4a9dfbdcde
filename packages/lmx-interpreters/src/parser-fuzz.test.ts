import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScriptErrorCode } from './diagnostics.js';
import { checkScript, executeScript } from './execute-script.js';
import { BUILT_LANGUAGES } from './languages/language-registry.js';
import type { RunResult } from './run-result.js';
import { closeSharedRunner, runScript } from './runtime/run-script.js';

// Property-based fuzzing of every built language's parser and runner: whatever the text,
// checking and running return data (never throw), end (the step budget bounds every loop)
// and report problems as diagnostics with a known code and a position. Seeds are fixed so
// CI is deterministic; the run counts keep the suite to a few seconds.

const SEED = 20_261_125;
const RUNS = 300;

/** Small bounds: a fuzzed program that loops ends quickly with a limit error. */
const LIMITS = {
  steps: 5_000,
  outputLines: 200,
  outputChars: 20_000,
  stringLength: 10_000,
  listSize: 5_000,
  sortSize: 5_000,
  depth: 50,
};

const KNOWN_CODES = new Set<ScriptErrorCode>([
  'E_PARSE',
  'E_NAME',
  'E_DIMENSION',
  'E_CYCLE',
  'E_RUNTIME',
  'E_INPUT',
  'E_LIMIT_TIME',
  'E_LIMIT_STEPS',
  'E_LIMIT_CALLS',
  'E_LIMIT_ROWS',
  'E_LIMIT_BYTES',
  'E_LIMIT_DEPTH',
  'E_LIMIT_STRING',
  'E_LIMIT_LIST',
  'E_LIMIT_SORT',
  'E_LIMIT_OUTPUT',
  'E_LIMIT_MEMORY',
  'E_LIMIT_SOURCE',
  'E_BRIDGE_MISSING',
  'E_BRIDGE_FAILED',
  'E_FORBIDDEN',
  'E_NOT_AVAILABLE',
]);

/** Valid programs per mode, mutated below. */
const SEEDS: Record<string, string[]> = {
  lmx: [
    'let total = 0\nfor n in [1, 2, 3]\n  total = total + n\nend\nprint total',
    'fn fib(n)\n  if n < 2 return n end\n  return fib(n - 1) + fib(n - 2)\nend\nprint fib(10)',
    'let m = {a: 1, "b c": [1, 2]}\nwhile m.a < 5 m.a = m.a + 1 end\nprint "{{m.a}} and {{len(m)}}"',
  ],
  lmy: ['price: 12.5\nqty: 3\ntotal: price * qty', 'a: b + 1\nb: 2\nc: [a, b]'],
  lmm: [
    'v = [3, 1, 4, 1, 5]\nmean(v)\nmedian(v)\n[[1,2],[3,4]] * [[0,1],[1,0]]',
    'x = 2\nround(x / 3, 2)\nstdev([1, 2, 3])',
  ],
  lmc: [
    '3 ft + 20 cm in m\n200 + 15%\ndate("2026-01-31") + 1 month',
    'x = 100 °C in °F\n15% of x\n1 GiB in MB',
  ],
  lmz: [
    'ON order.paid WHERE amount > 100 DO EMIT vip.notice {id: event.id} END\nON vip.* DO PRINT id END\nEMIT order.paid {id: 1, amount: 150}',
    'LET n = 0\nON tick DO\n  n = n + 1\n  IF n < 3 EMIT tick ELSE PRINT "done" END\nEND\nEMIT tick',
  ],
  lmn: [
    'QUIET 22:00-07:00\nDIGEST 2\nNOTIFY email TO "ops@example.com" SUBJECT "Disk {{input.disk}}%" BODY "b" WHEN 1 < 2',
    'FOR d IN [1, 2, 3]\n  NOTIFY sms TO "x" SUBJECT "n {{d}}"\nEND',
  ],
  lmg: [
    '{"cells":[{"id":"a","specialConfig":{"code":"2"}},{"id":"b","code":"a * 21"},{"id":"c","props":{"code":"b"}}]}\nGRAPH\nRUN\nCELL b',
    'cells:\n  - id: a\n    code: 2\n  - id: b\n    specialConfig:\n      code: |\n        a * 21\nGRAPH',
  ],
};

const TOKENS = [
  ...[
    'let',
    'if',
    'else',
    'end',
    'while',
    'for',
    'in',
    'fn',
    'return',
    'print',
    'ON',
    'WHERE',
    'DO',
    'EMIT',
    'NOTIFY',
    'TO',
  ],
  ...[
    'SUBJECT',
    'BODY',
    'QUIET',
    'DIGEST',
    'RUN',
    'GRAPH',
    'CELL',
    'of',
    'mod',
    'm',
    'kg',
    '°C',
    'GiB',
    'month',
    '%',
  ],
  ...[
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    ',',
    ':',
    '.',
    '+',
    '-',
    '*',
    '/',
    '^',
    '=',
    '==',
    '<',
    '>=',
    '"',
    "'",
    '{{',
    '}}',
    '\\',
  ],
  ...[
    '\n',
    ' ',
    '0',
    '1',
    '1e308',
    '-0',
    'x',
    'input',
    '__proto__',
    'constructor',
    '"s"',
    'cells',
    'id',
    'code',
    '#',
  ],
  ...['\uD800', '\u0301', '\u202E', '\uFEFF', '\u0000', '💥'],
];

const anyText = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 120,
  }),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((tokens) => tokens.join(' ')),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((tokens) => tokens.join('')),
);

/** A valid program with a few random edits: deletions, duplications, insertions. */
function mutated(mode: string): fc.Arbitrary<string> {
  const edit = fc.record({
    kind: fc.constantFrom('delete', 'duplicate', 'insert', 'replace'),
    at: fc.nat(),
    length: fc.nat({ max: 12 }),
    token: fc.constantFrom(...TOKENS),
  });
  return fc
    .tuple(fc.constantFrom(...(SEEDS[mode] ?? [''])), fc.array(edit, { minLength: 1, maxLength: 4 }))
    .map(([source, edits]) =>
      edits.reduce((text, { kind, at, length, token }) => {
        const start = text.length === 0 ? 0 : at % text.length;
        const end = Math.min(text.length, start + length);
        switch (kind) {
          case 'delete':
            return text.slice(0, start) + text.slice(end);
          case 'duplicate':
            return text.slice(0, end) + text.slice(start, end) + text.slice(end);
          case 'insert':
            return text.slice(0, start) + token + text.slice(start);
          default:
            return text.slice(0, start) + token + text.slice(end);
        }
      }, source),
    );
}

function expectWellFormed(result: RunResult, mode: string): void {
  expect(result.mode).toBe(mode);
  expect(Array.isArray(result.output)).toBe(true);
  for (const line of result.output) expect(typeof line).toBe('string');
  if (result.ok) {
    expect(result.error).toBeUndefined();
    return;
  }
  const error = result.error;
  expect(error).toBeDefined();
  if (!error) return;
  expect(KNOWN_CODES.has(error.code), `unknown code ${error.code}`).toBe(true);
  expect(error.message).not.toMatch(/internal error/);
  expect(Number.isInteger(error.line) && error.line >= 1).toBe(true);
  expect(Number.isInteger(error.column) && error.column >= 1).toBe(true);
  for (const diagnostic of error.diagnostics ?? []) expect(KNOWN_CODES.has(diagnostic.code)).toBe(true);
}

describe.each(BUILT_LANGUAGES.map((language) => language.id))('fuzzing %s', (mode) => {
  it('the seed programs are valid, so mutations start from real syntax', () => {
    for (const source of SEEDS[mode] ?? []) expect(checkScript({ mode, source }).diagnostics).toEqual([]);
  });

  it('never throws or hangs on arbitrary text, and answers with data', () => {
    fc.assert(
      fc.property(anyText, (source) => {
        const checked = checkScript({ mode, source });
        expect(checked.ok).toBe(checked.diagnostics.length === 0);
        expectWellFormed(executeScript({ mode, source, limits: LIMITS }), mode);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('never throws or hangs on mutations of valid programs', () => {
    fc.assert(
      fc.property(mutated(mode), (source) => {
        expectWellFormed(executeScript({ mode, source, limits: LIMITS }), mode);
      }),
      { seed: SEED + 1, numRuns: RUNS },
    );
  });
});

describe('fuzzing through the sandbox', () => {
  afterAll(() => closeSharedRunner());

  it('ends every fuzzed run inside the worker with data, by its own bounds and never by the watchdog', async () => {
    const modes = BUILT_LANGUAGES.map((language) => language.id as string);
    const program = fc
      .constantFrom(...modes)
      .chain((mode) => fc.tuple(fc.constant(mode), fc.oneof(anyText, mutated(mode))));
    await fc.assert(
      fc.asyncProperty(program, async ([mode, source]) => {
        const result = await runScript({ mode, source, limits: { ...LIMITS, timeMs: 5_000 } });
        expectWellFormed(result, mode);
        expect(result.error?.code).not.toBe('E_LIMIT_TIME');
      }),
      { seed: SEED + 2, numRuns: 60 },
    );
  });
});
