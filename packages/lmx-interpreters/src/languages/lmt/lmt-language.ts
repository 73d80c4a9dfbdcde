import type { Expression } from '../../core/ast.js';
import { expectNumber } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import type { RunContext } from '../../core/run-context.js';
import type { ScriptParser } from '../../core/script-parser.js';
import { NativeFunction, type ScriptCallable, ScriptFunction, type Value } from '../../core/values.js';
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
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
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

/** An `AFTER` block waiting for its time: `due` in ms since the run started. */
interface PendingTimer {
  due: number;
  order: number;
  body: ScriptCallable;
}

/** The pending `AFTER` blocks of each run, kept in the run's own worker. */
const timersByRun = new WeakMap<RunContext, PendingTimer[]>();
/** How many `AFTER` blocks each run has scheduled: equal due times run in scheduling order. */
const orderByRun = new WeakMap<RunContext, number>();

/** The pending timer due first (ties: the one scheduled first), removed from the queue. */
function takeNextDue(context: RunContext, until: number): PendingTimer | undefined {
  const timers = timersByRun.get(context);
  if (!timers || timers.length === 0) return undefined;
  let best = 0;
  for (let index = 1; index < timers.length; index++) {
    const timer = timers[index] as PendingTimer;
    const chosen = timers[best] as PendingTimer;
    if (timer.due < chosen.due || (timer.due === chosen.due && timer.order < chosen.order)) best = index;
  }
  const next = timers[best] as PendingTimer;
  if (next.due > until) return undefined;
  timers.splice(best, 1);
  return next;
}

function runTimer(context: RunContext, timer: PendingTimer): void {
  blockFor(timer.due - elapsedOf(context));
  callValue(timer.body, [], context);
}

/**
 * Waits until `target` (ms since the run started), running every `AFTER` block that falls due
 * on the way, in time order — as an event loop would.
 */
function waitUntil(context: RunContext, target: number): void {
  for (let timer = takeNextDue(context, target); timer; timer = takeNextDue(context, target))
    runTimer(context, timer);
  blockFor(target - elapsedOf(context));
}

/** At the end of the script: the `AFTER` blocks still pending, in time order. */
function drainTimers(context: RunContext): void {
  for (let timer = takeNextDue(context, Infinity); timer; timer = takeNextDue(context, Infinity)) {
    const left = context.limits.timeMs - elapsedOf(context);
    if (timer.due - elapsedOf(context) > left)
      throw new ScriptFault(
        'E_LIMIT_TIME',
        `an AFTER block due at ${Math.round(timer.due)} ms would pass the run's time bound (${context.limits.timeMs} ms)`,
      );
    runTimer(context, timer);
  }
}

function callValue(callee: ScriptCallable, args: Value[], context: RunContext): Value {
  return callee instanceof ScriptFunction ? callee.invoke(args, context) : callee.call(args, context);
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
  waitUntil(context, elapsedOf(context) + ms);
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

/** `after_schedule(ms, fn)`: `AFTER`'s builtin, queueing `fn` to run `ms` from now. */
const afterSchedule = defineBuiltin('after_schedule', [2, 2], ([ms, body], context) => {
  const wait = expectNumber(ms, 'AFTER');
  if (wait < 0) throw new ScriptFault('E_RUNTIME', `a duration must be 0 ms or more, got ${wait}`);
  if (!(body instanceof ScriptFunction || body instanceof NativeFunction))
    throw new ScriptFault('E_RUNTIME', 'after_schedule expects a function as its second argument');
  const timers = timersByRun.get(context) ?? [];
  timersByRun.set(context, timers);
  const order = (orderByRun.get(context) ?? 0) + 1;
  orderByRun.set(context, order);
  timers.push({ due: elapsedOf(context) + wait, order, body });
  return null;
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
    // AFTER d DO … END ≡ after_schedule(d, fn() … end): the block runs d from now, when a
    // later wait (SLEEP, EVERY) passes that time or at the end of the script, so AFTER
    // blocks run in time order whatever their order in the source.
    const lambda: Expression = {
      kind: 'extension',
      name: 'lambda',
      children: [],
      data: { params: [], body },
      span,
    };
    return { kind: 'expression', expression: callOf('after_schedule', [duration, lambda], span), span };
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
  builtins: [sleep, everyWait, everyCount, afterSchedule, elapsed, now],
  finish: drainTimers,
});
