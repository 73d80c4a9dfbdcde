import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CATALOGUE } from './catalogue.js';
import { formatNumber } from './core/numeric.js';
import { checkScript, executeScript } from './execute-script.js';
import { createScriptRunner } from './runtime/script-runner.js';

// The numeric rule "no script ever sees a non-finite number", at every door a number comes in
// through: literals (all sixteen languages), arithmetic and builtins, conversions and parsing,
// documents (lmg), the run's input and bridge answers. Each is a typed error with a position
// where one exists, never Infinity, NaN or a silent null.

const run = (mode: string, source: string, input?: unknown) => executeScript({ mode, source, input });

describe('number literals past the largest double', () => {
  // One literal per language, in a statement each language accepts; lmq's WHERE and lmg's
  // YAML document show their own readers too.
  const literal = (mode: string): { source: string; column: number } =>
    mode === 'lmq'
      ? { source: 'FROM t WHERE n > 1e999', column: 18 }
      : mode === 'lmg'
        ? { source: 'a: 1e999', column: 4 }
        : { source: 'print 1e999', column: 7 };

  it.each(LANGUAGE_CATALOGUE.map((entry) => entry.id))(
    '%s refuses 1e999 when checking, at the literal',
    (mode) => {
      const { source, column } = literal(mode);
      const { ok, diagnostics } = checkScript({ mode, source });
      expect(ok).toBe(false);
      expect(diagnostics[0]).toMatchObject({ code: 'E_PARSE', line: 1, column });
      expect(diagnostics[0]?.message).toMatch(/^number out of range: 1e999/);
    },
  );

  it('refuses a literal written with 400 digits, and str() of one never prints Infinity', () => {
    expect(run('lmx', `print ${'9'.repeat(400)}`).error?.code).toBe('E_PARSE');
    const result = run('lmx', 'print str(1e999)');
    expect(result.error).toMatchObject({ code: 'E_PARSE', line: 1, column: 11 });
    expect(result.output).toEqual([]);
  });

  it('refuses lmm x = 1e999 instead of printing x = Infinity', () => {
    const result = run('lmm', 'x = 1e999');
    expect(result.ok).toBe(false);
    expect(result.output).toEqual([]);
    expect(result.error).toMatchObject({ code: 'E_PARSE', line: 1, column: 5 });
  });

  it('refuses out-of-range numbers in lmg documents, YAML and JSON, at the number', () => {
    expect(run('lmg', `cells:\n  a: 0x${'f'.repeat(300)}`).error).toMatchObject({ code: 'E_PARSE', line: 2 });
    expect(run('lmg', '{"cells": {"a": 1e999}}').error).toMatchObject({
      code: 'E_PARSE',
      line: 1,
      column: 17,
    });
  });

  it('keeps the largest double finite, in print too', () => {
    expect(formatNumber(1.7976931348623157e308)).toBe('1.7976931348623157e+308');
    expect(run('lmx', 'print 1.7976931348623157e308, -1.7976931348623157e308').output).toEqual([
      '1.7976931348623157e+308 -1.7976931348623157e+308',
    ]);
  });
});

describe('results that overflow', () => {
  it.each([
    ['lmx', 'print 1e308 * 10', 7],
    ['lmx', 'print pow(10, 400)', 7],
    ['lmx', 'print sum([1e308, 1e308])', 7],
    ['lmm', 'A = [[1e200, 0], [0, 1e200]]\nA * A', 1],
    ['lmm', 'det([[1e200, 0], [0, 1e200]])', 1],
    ['lmm', 'median([1e308, 1.7e308])', 1],
    ['lmc', '1e308 km in m', 1],
  ])('%s: %s is E_RUNTIME "number out of range"', (mode, source) => {
    const result = run(mode, source);
    expect(result.error).toMatchObject({ code: 'E_RUNTIME', message: 'number out of range' });
    expect(JSON.stringify(result)).not.toMatch(/Infinity/);
  });
});

describe('conversions and parsing', () => {
  it('num() refuses text that reads as Infinity', () => {
    expect(run('lmx', 'print num("1e999")').error).toMatchObject({ code: 'E_RUNTIME', line: 1, column: 7 });
    expect(run('lmx', 'print num("Infinity")').error?.code).toBe('E_RUNTIME');
  });

  it('parse_json() refuses 1e999 (JSON.parse reads it as Infinity) and names where it is', () => {
    expect(run('lmx', 'print parse_json("1e999")').error).toMatchObject({
      code: 'E_RUNTIME',
      line: 1,
      column: 7,
    });
    expect(run('lmx', 'print parse_json("[1, {\\"a\\": -1e999}]")').error?.message).toMatch(
      /^parse_json: the text holds a number that is not finite at \$\[1\]\.a/,
    );
  });
});

describe('data coming in', () => {
  const runner = createScriptRunner({ poolSize: 1, maxWorkers: 2 });
  afterAll(() => runner.close());

  it('refuses input holding a non-finite number with E_INPUT naming where, instead of making it null', async () => {
    const result = await runner.run({ mode: 'lmx', source: 'print input', input: { a: [1, Infinity] } });
    expect(result.error).toMatchObject({ code: 'E_INPUT' });
    expect(result.error?.message).toMatch(/not finite at input\.a\[1\]/);
    expect(result.output).toEqual([]);
    expect(run('lmx', 'print input', Number.NaN).error?.code).toBe('E_INPUT');
  });

  it('fails a bridge call whose answer holds a non-finite number, naming where', async () => {
    const result = await runner.run({
      mode: 'lmx',
      source: 'let answer = adapter("x.ratio", {})\nprint answer',
      bridges: { adapters: { call: async () => ({ ratio: 1 / 0 }) } },
    });
    expect(result.error).toMatchObject({ code: 'E_BRIDGE_FAILED', line: 1 });
    expect(result.error?.message).toBe(
      'the "adapters" bridge answered a number that is not finite at $.ratio',
    );
    expect(result.output).toEqual([]);
  });
});
