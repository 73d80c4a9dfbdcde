import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { BridgeName } from '../ports/bridge-name.js';
import type { BridgeCaller } from './bridge-caller.js';
import { measureJson } from './convert.js';
import { formatValue, formatValues } from './format-value.js';
import { stringLimitFault, valueLimitFault } from './limit-faults.js';
import type { ScriptLimits } from './limits.js';
import { formatNumber } from './numeric.js';
import type { CallContext, Value } from './values.js';

export type { BridgeCaller };

/** Steps handed out at a time when output is streamed (about a millisecond of loop work). */
const STEP_SLICE = 100_000;

/** What a run starts with. */
export interface RunContextOptions {
  mode: string;
  limits: ScriptLimits;
  input: Value;
  bridges?: BridgeCaller | undefined;
  /**
   * Receives printed lines in batches (at most every 50 ms) while the run goes on, so a host
   * that terminates the run still has what was printed.
   */
  onOutput?: ((lines: string[]) => void) | undefined;
}

/**
 * The state of one run: the step budget, call depth, output and limits. Languages call
 * `step()` in every loop iteration and call, `print()` for output, and the `check…`
 * helpers whenever they build strings or lists.
 *
 * @example
 * ```ts
 * const context = createRunContext({ mode: 'lmx', limits: DEFAULT_LIMITS, input: null });
 * context.print('hello');
 * ```
 */
export function createRunContext(options: RunContextOptions): RunContext {
  return new RunContextImplementation(options);
}

/** See {@link createRunContext}; typed by its contract, `CallContext` in `values.ts`. */
class RunContextImplementation implements CallContext {
  readonly mode: string;
  readonly limits: ScriptLimits;
  readonly input: Value;
  readonly bridges: BridgeCaller | undefined;
  readonly output: string[] = [];
  /** Steps left; below zero the run ends with `E_LIMIT_STEPS`. */
  stepsLeft: number;
  /** Steps not yet handed to `stepsLeft` (it is refilled in slices; see `failSteps`). */
  private stepsReserve: number;
  /** Current nesting of script function calls. */
  depth = 0;
  /** When the run started (`performance.now()`), for timers that must stay inside `limits.timeMs`. */
  readonly startedAt = performance.now();
  private outputChars = 0;
  private readonly onOutput: ((lines: string[]) => void) | undefined;
  private flushed = 0;
  private flushedAt = 0;

  constructor(options: RunContextOptions) {
    this.mode = options.mode;
    this.limits = options.limits;
    this.input = options.input;
    this.bridges = options.bridges;
    this.onOutput = options.onOutput;
    // With a listener for output, steps come in slices so the refill can flush output now and
    // then even from a loop that never prints again; otherwise all at once.
    const slice = this.onOutput ? Math.min(STEP_SLICE, options.limits.steps) : options.limits.steps;
    this.stepsLeft = slice;
    this.stepsReserve = options.limits.steps - slice;
  }

  /** Steps used so far. */
  get stepsUsed(): number {
    return this.limits.steps - this.stepsLeft - this.stepsReserve;
  }

  /** Spends one step (a loop iteration or a call). */
  step(span?: Span): void {
    if (--this.stepsLeft < 0) this.failSteps(span);
  }

  /** Spends several steps at once (a builtin that loops in the host, such as `sort`). */
  spend(count: number, span?: Span): void {
    this.stepsLeft -= count;
    if (this.stepsLeft < 0) this.failSteps(span);
  }

  /**
   * Called when `stepsLeft` went below zero: refills it from the reserve (flushing output on
   * the way) and returns, or fails with `E_LIMIT_STEPS` when the budget is spent.
   */
  failSteps(span?: Span): void {
    while (this.stepsLeft < 0 && this.stepsReserve > 0) {
      const slice = Math.min(STEP_SLICE, this.stepsReserve);
      this.stepsReserve -= slice;
      this.stepsLeft += slice;
    }
    if (this.stepsLeft < 0) {
      throw new ScriptFault('E_LIMIT_STEPS', `the run used more than ${this.limits.steps} steps`, span);
    }
    this.flushOutput();
  }

  /** Appends one output line, enforcing the output limits. */
  print(line: string, span?: Span): void {
    this.outputChars += line.length + 1;
    if (this.output.length >= this.limits.outputLines || this.outputChars > this.limits.outputChars) {
      throw new ScriptFault(
        'E_LIMIT_OUTPUT',
        `the run printed more than ${this.limits.outputLines} lines or ${this.limits.outputChars} characters`,
        span,
      );
    }
    this.output.push(line);
    if (this.onOutput) {
      const now = Date.now();
      if (now - this.flushedAt >= 50) {
        this.flushedAt = now;
        this.flushOutput();
      }
    }
  }

  /** Hands the lines printed since the last flush to `onOutput`. */
  flushOutput(): void {
    if (!this.onOutput || this.flushed === this.output.length) return;
    this.onOutput(this.output.slice(this.flushed));
    this.flushed = this.output.length;
  }

  /** Returns the string, or fails when it is longer than the string limit. */
  checkString(text: string, span?: Span): string {
    this.checkStringLength(text.length, span);
    return text;
  }

  /** Fails when a string of `length` characters would exceed the string limit. */
  checkStringLength(length: number, span?: Span): void {
    if (length > this.limits.stringLength) throw stringLimitFault(this.limits.stringLength, span);
  }

  /**
   * Formats a value the way `print` shows it, never building text past the string limit
   * (`E_LIMIT_STRING` at `span`).
   */
  format(value: Value, span?: Span): string {
    // Strings and numbers are most of what is formatted in loops: no try block for them.
    if (typeof value === 'string') return this.checkString(value, span);
    if (typeof value === 'number') return formatNumber(value);
    try {
      return formatValue(value, this.limits.stringLength);
    } catch (error) {
      throw located(error, span);
    }
  }

  /** Formats the values of one `print a, b` line, separated by spaces, within the string limit. */
  formatLine(values: readonly Value[], span?: Span): string {
    try {
      return formatValues(values, ' ', this.limits.stringLength);
    } catch (error) {
      throw located(error, span);
    }
  }

  /** Fails when a list or map of `size` items would exceed the list limit. */
  checkListSize(size: number, span?: Span): void {
    if (size > this.limits.listSize) {
      throw new ScriptFault(
        'E_LIMIT_LIST',
        `a list would hold more than ${this.limits.listSize} items`,
        span,
      );
    }
  }

  /** Enters a script function call, enforcing the depth limit. Pair with `leave()`. */
  enter(span?: Span): void {
    if (++this.depth > this.limits.depth) {
      throw new ScriptFault('E_LIMIT_DEPTH', `calls nested more than ${this.limits.depth} deep`, span);
    }
  }

  leave(): void {
    this.depth--;
  }

  /**
   * Calls a host bridge, or fails with `E_BRIDGE_MISSING` naming it when it is absent.
   */
  callBridge(bridge: BridgeName, method: string, args: unknown, span?: Span): unknown {
    if (!this.bridges?.available.has(bridge)) {
      throw new ScriptFault(
        'E_BRIDGE_MISSING',
        `${this.mode} needs the "${bridge}" bridge, which this host does not provide`,
        span,
      );
    }
    // Measured here, in the worker, before the arguments are copied to the host.
    if (measureJson(args, this.limits.valueChars) > this.limits.valueChars) {
      throw valueLimitFault(this.limits.valueChars, `the arguments of a "${bridge}" bridge call`, span);
    }
    return this.bridges.call(bridge, method, args);
  }
}

/** The error, with `span` as its position when it is a script fault that has none. */
function located(error: unknown, span: Span | undefined): unknown {
  if (error instanceof ScriptFault && error.span === undefined) error.span = span;
  return error;
}

/**
 * The run context as a value: `new RunContext(options)` is `createRunContext(options)`; as a
 * type, `RunContext` is the contract every callable gets (`CallContext` in `values.ts`), so
 * values and the run never import each other.
 */
export const RunContext: new (options: RunContextOptions) => CallContext = RunContextImplementation;
/** See `CallContext` in `values.ts`. */
export type RunContext = CallContext;
