import { afterAll, describe, expect, it } from 'vitest';
import type { ScriptErrorCode } from './diagnostics.js';
import type { RunRequest } from './run-result.js';
import { closeSharedRunner, runScript } from './runtime/run-script.js';

// Hostile inputs, each run through runScript (a sandbox worker with its watchdog, memory
// bound and step budget): every one ends with its defined error code, or, for names that
// would be dangerous in JavaScript, with the ordinary result. Durations are not asserted;
// the test timeout is the only clock here.

afterAll(() => closeSharedRunner());

interface Case {
  name: string;
  request: RunRequest;
  /** The error code the run must end with, or the output of a run that must succeed. */
  expected: ScriptErrorCode | { output: string[] };
}

const TEN_MB = 'a'.repeat(10 * 1024 * 1024);
const NESTED = 100_000;

const cases: Case[] = [
  // Endless work.
  {
    name: 'lmx: an infinite loop',
    request: { mode: 'lmx', source: 'while true end' },
    expected: 'E_LIMIT_STEPS',
  },
  {
    name: 'lmx: an infinite loop slower than the step budget hits the wall clock',
    request: { mode: 'lmx', source: 'while true let s = repeat("x", 200000) end', limits: { timeMs: 400 } },
    expected: 'E_LIMIT_TIME',
  },
  {
    name: 'lmx: deep recursion',
    request: { mode: 'lmx', source: 'fn f(n) return f(n + 1) end\nprint f(0)' },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmx: mutual recursion',
    request: { mode: 'lmx', source: 'fn a(n) return b(n) end\nfn b(n) return a(n) end\nprint a(1)' },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmz: an EMIT loop',
    request: { mode: 'lmz', source: 'ON ping DO EMIT ping END\nEMIT ping' },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmz: an EMIT fan-out',
    request: { mode: 'lmz', source: 'ON a DO EMIT a\nEMIT a END\nEMIT a' },
    expected: 'E_LIMIT_STEPS',
  },
  {
    name: 'lmn: a loop of notifications over a huge list',
    request: {
      mode: 'lmn',
      source: 'FOR i IN range(100000)\n  NOTIFY email TO "a@b.c" SUBJECT "n {{i}}"\nEND',
      limits: { steps: 10_000 },
    },
    expected: 'E_LIMIT_STEPS',
  },
  // Nesting and size.
  {
    name: 'lmx: 100 000 nested brackets',
    request: { mode: 'lmx', source: `print ${'['.repeat(NESTED)}` },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmx: 100 000 nested parentheses',
    request: { mode: 'lmx', source: `print ${'('.repeat(NESTED)}1` },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmc: 100 000 nested parentheses',
    request: { mode: 'lmc', source: `${'('.repeat(NESTED)}1 m` },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmg: 100 000 nested JSON brackets',
    request: { mode: 'lmg', source: `{"cells": ${'['.repeat(NESTED)}` },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmy: 100 000 nested brackets',
    request: { mode: 'lmy', source: `a: ${'['.repeat(NESTED)}` },
    expected: 'E_LIMIT_DEPTH',
  },
  {
    name: 'lmx: a 10 MB line',
    request: { mode: 'lmx', source: `print "${TEN_MB}"` },
    expected: 'E_LIMIT_SOURCE',
  },
  {
    name: 'lmg: a 10 MB line',
    request: { mode: 'lmg', source: `{"cells":[{"id":"a","code":"\\"${TEN_MB}\\""}]}` },
    expected: 'E_LIMIT_SOURCE',
  },
  {
    name: 'lmn: a 10 MB line',
    request: { mode: 'lmn', source: `NOTIFY email TO "x" SUBJECT "${TEN_MB}"` },
    expected: 'E_LIMIT_SOURCE',
  },
  // Growth.
  {
    name: 'lmx: string doubling',
    request: { mode: 'lmx', source: 'let s = "ab"\nwhile true s = s + s end' },
    expected: 'E_LIMIT_STRING',
  },
  {
    name: 'lmz: string doubling through events',
    request: { mode: 'lmz', source: 'ON grow DO EMIT grow {s: s + s} END\nEMIT grow {s: "ab"}' },
    expected: 'E_LIMIT_STRING',
  },
  {
    name: 'lmx: a huge range',
    request: { mode: 'lmx', source: 'print len(range(1000000000))' },
    expected: 'E_LIMIT_LIST',
  },
  {
    name: 'lmm: a huge range',
    request: { mode: 'lmm', source: 'mean(range(1000000000))' },
    expected: 'E_LIMIT_LIST',
  },
  {
    name: 'lmx: a huge sort',
    request: { mode: 'lmx', source: 'print len(sort(range(50000)))', limits: { sortSize: 10_000 } },
    expected: 'E_LIMIT_SORT',
  },
  {
    name: 'lmx: list doubling',
    request: { mode: 'lmx', source: 'let l = [1]\nwhile true l = l + l end' },
    expected: 'E_LIMIT_LIST',
  },
  {
    name: 'lmx: a heap flood past the worker memory bound',
    request: {
      mode: 'lmx',
      source:
        'let keep = []\nlet s = repeat("x", 900000)\nwhile true push(keep, upper(s + str(len(keep)))) end',
    },
    expected: 'E_LIMIT_MEMORY',
  },
  // Output floods.
  {
    name: 'lmx: an output flood',
    request: { mode: 'lmx', source: 'while true print "flood" end' },
    expected: 'E_LIMIT_OUTPUT',
  },
  {
    name: 'lmz: an output flood in a rule',
    request: { mode: 'lmz', source: 'ON a DO PRINT repeat("flood", 150000) END\nEMIT a\nEMIT a' },
    expected: 'E_LIMIT_OUTPUT',
  },
  {
    name: 'lmn: a dry run longer than the output bound',
    request: {
      mode: 'lmn',
      source: 'FOR i IN range(20000)\n  NOTIFY email TO "a{{i}}" SUBJECT "n"\nEND',
      input: { now: '12:00' },
    },
    expected: 'E_LIMIT_OUTPUT',
  },
  {
    name: 'lmc: an output flood of lines',
    request: { mode: 'lmc', source: '1 m\n'.repeat(20_000) },
    expected: 'E_LIMIT_OUTPUT',
  },
  // Names that mean something to JavaScript are ordinary names.
  {
    name: 'lmx: __proto__, constructor, prototype and toString as keys and variables',
    request: {
      mode: 'lmx',
      source:
        'let m = {__proto__: 1, constructor: 2, prototype: 3}\nlet toString = 4\nprint m.__proto__ + m.constructor + m.prototype + toString\nprint m["__proto__"]',
    },
    expected: { output: ['10', '1'] },
  },
  {
    name: 'lmx: x.constructor.constructor',
    request: { mode: 'lmx', source: 'let x = {}\nprint x.constructor.constructor' },
    expected: 'E_RUNTIME',
  },
  {
    name: 'lmx: a string constructor',
    request: { mode: 'lmx', source: 'print "abc".constructor' },
    expected: 'E_RUNTIME',
  },
  {
    name: 'lmx: a builtin constructor',
    request: { mode: 'lmx', source: 'print len.constructor.constructor("return process")()' },
    expected: 'E_RUNTIME',
  },
  {
    name: 'lmx: __proto__ in input stays data',
    request: {
      mode: 'lmx',
      source: 'print input.__proto__.polluted, input.constructor',
      input: JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 2}'),
    },
    expected: { output: ['1 2'] },
  },
  {
    name: 'lmg: cells named __proto__ and constructor',
    request: {
      mode: 'lmg',
      source: '{"cells":[{"id":"__proto__","code":"1"},{"id":"constructor","code":"__proto__ + 1"}]}',
    },
    expected: { output: ['__proto__ = 1', 'constructor = 2'] },
  },
  {
    name: 'lmz: an event payload with __proto__',
    request: {
      mode: 'lmz',
      source: 'ON x DO PRINT event.__proto__, constructor END\nEMIT x {__proto__: 1, constructor: 2}',
    },
    expected: { output: ['x {__proto__: 1, constructor: 2} -> rule 1 (ON x, line 1)', '1 2'] },
  },
  // Unicode edge cases.
  {
    name: 'lmx: a lone surrogate outside a string',
    request: { mode: 'lmx', source: 'print 1 \uD800' },
    expected: 'E_PARSE',
  },
  {
    name: 'lmx: a lone surrogate inside a string',
    request: { mode: 'lmx', source: 'print len("a\uDC00b")' },
    expected: { output: ['3'] },
  },
  {
    name: 'lmx: a combining mark in a name',
    request: { mode: 'lmx', source: 'let e\u0301 = 1' },
    expected: 'E_PARSE',
  },
  {
    name: 'lmx: combining marks inside a string',
    request: { mode: 'lmx', source: 'print "e\u0301\u0301\u0301"' },
    expected: { output: ['e\u0301\u0301\u0301'] },
  },
  {
    name: 'lmx: an RTL override outside a string',
    request: { mode: 'lmx', source: 'let x = 1 \u202E print x' },
    expected: 'E_PARSE',
  },
  {
    name: 'lmx: right-to-left names and text',
    request: { mode: 'lmx', source: 'let שלום = "עולם"\nprint שלום' },
    expected: { output: ['עולם'] },
  },
  {
    name: 'lmc: a degree sign and an emoji',
    request: { mode: 'lmc', source: '20 °C in °F\n"🌡️ {{20 °C in K}}"' },
    expected: { output: ['68 °F', '🌡️ 293.15 K'] },
  },
  {
    name: 'lmg: a lone surrogate in a cell id',
    request: { mode: 'lmg', source: '{"cells":[{"id":"a\uD800","code":"1"}]}' },
    expected: 'E_PARSE',
  },
  // Modes and bridges.
  { name: 'an unknown mode', request: { mode: 'nope', source: 'print 1' }, expected: 'E_NOT_AVAILABLE' },
  {
    name: 'a bridged mode without its bridge',
    request: { mode: 'lmq', source: 'FROM users' },
    expected: 'E_BRIDGE_MISSING',
  },
  {
    name: 'lmx: adapter() without its bridge',
    request: { mode: 'lmx', source: 'print adapter("activity-pages.listKinds", {})' },
    expected: 'E_BRIDGE_MISSING',
  },
  {
    name: 'lmg: an action cell',
    request: { mode: 'lmg', source: '{"cells":[{"id":"d","specialConfig":{"kind":"action:dream"}}]}' },
    expected: 'E_BRIDGE_MISSING',
  },
  {
    name: 'lmc: metres plus kilograms',
    request: { mode: 'lmc', source: '1 m + 1 kg' },
    expected: 'E_DIMENSION',
  },
  {
    name: 'lmc: an overflowing quantity',
    request: { mode: 'lmc', source: '1e308 m * 10' },
    expected: 'E_RUNTIME',
  },
  {
    name: 'lmg: a cycle',
    request: { mode: 'lmg', source: '{"cells":[{"id":"a","code":"b"},{"id":"b","code":"a"}]}' },
    expected: 'E_CYCLE',
  },
];

describe('adversarial inputs through runScript', () => {
  it('has at least 30 cases across the languages', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((entry) => entry.request.mode)).size).toBeGreaterThanOrEqual(7);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const result = await runScript(entry.request);
    if (typeof entry.expected === 'string') {
      expect(result.ok).toBe(false);
      expect(result.error?.code, result.error?.message).toBe(entry.expected);
      expect(result.error?.message).not.toMatch(/internal error/);
    } else {
      expect(result.error).toBeUndefined();
      expect(result.output).toEqual(entry.expected.output);
    }
  });

  it('keeps serving ordinary runs after every hostile one', async () => {
    const result = await runScript({ mode: 'lmc', source: '3 ft + 20 cm in m' });
    expect(result.output).toEqual(['1.1144 m']);
  });
});
