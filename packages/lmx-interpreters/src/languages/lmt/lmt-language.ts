import type { Expression } from '../../core/ast.js';
import { expectNumber } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import type { RunContext } from '../../core/run-context.js';
import type { ScriptParser } from '../../core/script-parser.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { LanguageDefinition } from '../../language.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { type BlockVerb, callOf } from '../verbs/verb-statements.js';

/** The shortest interval of `EVERY`, so a timer loop cannot spin. */
export const MIN_INTERVAL_MS = 10;
/** The most repetitions of one `EVERY`. */
export const MAX_REPETITIONS = 10_000;

const UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
};

/** `100ms`, `2 s`, `1.5 min` or a plain number of milliseconds, as an expression in ms. */
function parseDuration(parser: ScriptParser): Expression {
  const amount = parser.parseExpression();
  const unit = parser.peek();
  if (unit.kind === 'name' && Object.hasOwn(UNITS, unit.text.toLowerCase())) {
    parser.next();
    const factor = UNITS[unit.text.toLowerCase()] as number;
    const span = parser.spanFrom(unit);
    return {
      kind: 'binary',
      operator: '*',
      left: amount,
      right: { kind: 'number', value: factor, span },
      span: amount.span,
    };
  }
  return amount;
}

/** Blocks the run's thread for `ms` (the sandbox worker; nothing else runs there). */
function blockFor(ms: number): void {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function elapsedOf(context: RunContext): number {
  return performance.now() - context.startedAt;
}

/** Waits `ms`, or refuses at once when the wait would pass the run's time bound. */
function waitWithin(context: RunContext, ms: number, span?: Span): void {
  if (!Number.isFinite(ms) || ms < 0)
    throw new ScriptFault('E_RUNTIME', `a duration must be 0 ms or more, got ${ms}`, span);
  const left = context.limits.timeMs - elapsedOf(context);
  if (ms > left) {
    throw new ScriptFault(
      'E_LIMIT_TIME',
      `waiting ${Math.round(ms)} ms would pass the run's time bound (${context.limits.timeMs} ms)`,
      span,
    );
  }
  blockFor(ms);
}

const sleep = defineBuiltin('sleep', [1, 2], ([ms], context) => {
  waitWithin(context, expectNumber(ms, 'sleep'));
  return null;
});

/** `every_wait(ms)`: the wait between `EVERY` repetitions, at least {@link MIN_INTERVAL_MS}. */
const everyWait = defineBuiltin('every_wait', [1, 1], ([ms], context) => {
  const interval = expectNumber(ms, 'EVERY');
  if (interval < MIN_INTERVAL_MS)
    throw new ScriptFault(
      'E_RUNTIME',
      `EVERY needs an interval of at least ${MIN_INTERVAL_MS} ms, got ${interval}`,
    );
  waitWithin(context, interval);
  return null;
});

/** `every_count(n)`: the repetitions of `EVERY`, checked. */
const everyCount = defineBuiltin('every_count', [1, 1], ([times]) => {
  const count = expectNumber(times, 'EVERY … TIMES');
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPETITIONS) {
    throw new ScriptFault(
      'E_RUNTIME',
      `TIMES takes a whole number from 1 to ${MAX_REPETITIONS}, got ${count}`,
    );
  }
  return Array.from({ length: count }, (_, index) => index);
});

const elapsed = defineBuiltin('elapsed', [0, 0], (_args, context) => Math.floor(elapsedOf(context)));
const now = defineBuiltin('now', [0, 0], () => Date.now());

function parseDoBlock(
  parser: ScriptParser,
  start: Parameters<BlockVerb['parse']>[1],
  parseStatement: Parameters<BlockVerb['parse']>[2],
) {
  parser.expectKeyword('do');
  const body = parser.parseBlock(parseStatement, ['end']);
  if (!parser.matchKeyword('end')) parser.expected(`"end" to close "${start.text}" from line ${start.line}`);
  return body;
}

const afterBlock: BlockVerb = {
  keyword: 'AFTER',
  parse(parser, start, parseStatement) {
    const duration = parseDuration(parser);
    const body = parseDoBlock(parser, start, parseStatement);
    const span = parser.spanFrom(start);
    // AFTER d DO … END ≡ if sleep(d) == null … end: wait, then run the block once.
    const condition: Expression = {
      kind: 'binary',
      operator: '==',
      left: callOf('sleep', [duration], span),
      right: { kind: 'null', span },
      span,
    };
    return { kind: 'if', branches: [{ condition, body }], span };
  },
};

const everyBlock: BlockVerb = {
  keyword: 'EVERY',
  parse(parser, start, parseStatement) {
    const duration = parseDuration(parser);
    parser.expectKeyword('times');
    const times = parser.parseExpression();
    const body = parseDoBlock(parser, start, parseStatement);
    const span = parser.spanFrom(start);
    // EVERY d TIMES n DO … END ≡ for tick in every_count(n) every_wait(d) … end (tick from 0).
    return {
      kind: 'for',
      name: 'tick',
      iterable: callOf('every_count', [times], span),
      body: [{ kind: 'expression', expression: callOf('every_wait', [duration], span), span }, ...body],
      span,
    };
  },
};

/**
 * `lmt`, timers inside the run's time bound: lmx plus `SLEEP <duration>`, `AFTER <duration> DO
 * … END`, `EVERY <duration> TIMES n DO … END` (at least 10 ms apart; `tick` counts from 0), and
 * `elapsed()` / `now()`. A wait that would pass the time bound ends the run with `E_LIMIT_TIME`
 * before it starts. Host mode: an admin with `SVC_LMX_HOST_MODES` only.
 *
 * @example
 * ```ts
 * lmtLanguage.compile('EVERY 100ms TIMES 3 DO print tick END').diagnostics; // []
 * ```
 */
export const lmtLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lmt',
  title: 'Timers',
  summary: 'Timers inside the run time bound: SLEEP, AFTER … DO … END, EVERY … TIMES n DO … END',
  bridges: [],
  verbs: [
    {
      keyword: 'SLEEP',
      builtin: 'sleep',
      operands: (parser) => [parseDuration(parser)],
      answers: false,
      arity: 1,
    },
  ],
  blocks: [afterBlock, everyBlock],
  builtins: [sleep, everyWait, everyCount, elapsed, now],
});
