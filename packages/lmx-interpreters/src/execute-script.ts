import { describeLanguages } from './availability.js';
import { fromJson, toJson } from './core/convert.js';
import { valueLimitFault } from './core/limit-faults.js';
import { DEFAULT_LIMITS, resolveLimits, type ScriptLimits } from './core/limits.js';
import { type BridgeCaller, RunContext } from './core/run-context.js';
import type { Value } from './core/values.js';
import type { Diagnostic, ScriptError, ScriptErrorCode } from './diagnostics.js';
import { ScriptFault } from './errors.js';
import type { LanguageDefinition } from './language.js';
import { BUILT_LANGUAGES } from './languages/language-registry.js';
import type { RunRequest, RunResult } from './run-result.js';

const UNCAPPED: ScriptLimits = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS).map((key) => [key, Number.MAX_SAFE_INTEGER]),
) as unknown as ScriptLimits;

/** Options of an in-process execution. */
export interface ExecuteOptions {
  bridges?: BridgeCaller;
  /** Receives printed lines in batches while the run goes on (see `RunContextOptions.onOutput`). */
  onOutput?: (lines: string[]) => void;
  languages?: readonly LanguageDefinition[];
  /** Reads the clock for `durationMs` (default `performance.now`). */
  now?: () => number;
}

/**
 * Runs a script in the current thread with the step budget and every limit except the
 * wall clock and memory, which only the worker can enforce: use `runScript` for anything
 * untrusted. This is what the sandbox worker calls.
 *
 * @example
 * ```ts
 * executeScript({ mode: 'lmx', source: 'print 1 + 2' }).output; // ['3']
 * ```
 */
export function executeScript(request: RunRequest, options: ExecuteOptions = {}): RunResult {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const { mode } = request;
  const finish = (partial: Omit<RunResult, 'mode' | 'durationMs'>): RunResult => ({
    ...partial,
    mode,
    durationMs: Math.round((now() - started) * 1000) / 1000,
  });
  // In-process callers are the host itself: their limits are taken as given (no cap).
  const limits = resolveLimits(request.limits, UNCAPPED, DEFAULT_LIMITS);
  const prepared = prepareRun(request, limits.sourceLength, options);
  if ('error' in prepared) return finish({ ok: false, output: [], error: prepared.error });
  let input: Value;
  try {
    input = fromJson(request.input ?? null);
  } catch (error) {
    return finish({ ok: false, output: [], error: toScriptError(mode, error) });
  }
  const context = new RunContext({
    mode,
    limits,
    input,
    bridges: options.bridges,
    onOutput: options.onOutput,
  });
  try {
    const value = prepared.program.run(context);
    // The value is measured as it is converted, so an oversized one never gets written out.
    const json =
      value === undefined
        ? undefined
        : toJson(value, {
            maxChars: limits.valueChars,
            fault: () => valueLimitFault(limits.valueChars, "the run's value"),
          });
    const result: RunResult = finish({ ok: true, output: context.output });
    if (json !== undefined) result.value = json;
    return result;
  } catch (error) {
    return finish({ ok: false, output: context.output, error: toScriptError(mode, error) });
  }
}

/**
 * Checks a script without running it: every syntax error (several at once) and unknown
 * name, or the reason the mode cannot run at all.
 *
 * @example
 * ```ts
 * checkScript({ mode: 'lmx', source: 'let = 1' }).diagnostics[0]?.code; // 'E_PARSE'
 * ```
 */
export function checkScript(
  request: { mode: string; source: string },
  options: Pick<ExecuteOptions, 'languages'> = {},
): { ok: boolean; diagnostics: Diagnostic[] } {
  const prepared = prepareRun(request, DEFAULT_LIMITS.sourceLength, options);
  if ('error' in prepared)
    return { ok: false, diagnostics: prepared.error.diagnostics ?? [stripMode(prepared.error)] };
  return { ok: true, diagnostics: [] };
}

function prepareRun(
  request: { mode: string; source: string },
  sourceLength: number,
  options: Pick<ExecuteOptions, 'languages'>,
): { program: NonNullable<ReturnType<LanguageDefinition['compile']>['program']> } | { error: ScriptError } {
  const { mode, source } = request;
  const languages = options.languages ?? BUILT_LANGUAGES;
  const language = languages.find((candidate) => candidate.id === mode);
  if (!language) {
    const entry = describeLanguages({ languages }).find((candidate) => candidate.id === mode);
    const reason =
      entry?.reason ??
      `there is no mode "${mode}"; modes: ${describeLanguages({ languages })
        .map((item) => item.id)
        .join(', ')}`;
    return { error: scriptError(mode, 'E_NOT_AVAILABLE', reason) };
  }
  if (typeof source !== 'string') return { error: scriptError(mode, 'E_INPUT', 'source must be a string') };
  if (source.length > sourceLength) {
    return { error: scriptError(mode, 'E_LIMIT_SOURCE', `source is longer than ${sourceLength} characters`) };
  }
  let compiled: ReturnType<LanguageDefinition['compile']>;
  try {
    compiled = language.compile(source);
  } catch (error) {
    return { error: toScriptError(mode, error) };
  }
  if (compiled.diagnostics.length > 0 || !compiled.program) {
    // Every problem found in the source has a span: one character where a language gave none.
    const diagnostics = compiled.diagnostics
      .map((item) =>
        item.endLine === undefined ? { ...item, endLine: item.line, endColumn: item.column + 1 } : item,
      )
      .sort((a, b) => a.line - b.line || a.column - b.column);
    const first = diagnostics[0] ?? {
      code: 'E_PARSE' as const,
      message: 'the script did not compile',
      line: 1,
      column: 1,
    };
    return { error: { ...first, mode, diagnostics } };
  }
  return { program: compiled.program };
}

/**
 * Turns anything thrown during a run into the result's error. Script faults keep their
 * code and position; a JavaScript stack overflow becomes `E_LIMIT_DEPTH`, and a string or
 * array JavaScript itself cannot hold `E_LIMIT_STRING` / `E_LIMIT_LIST` (a resource limit
 * never looks like an interpreter bug, even where a check was missed); any other host
 * error is reported without its message or stack, which belong to the host.
 *
 * @example
 * ```ts
 * toScriptError('lmx', new ScriptFault('E_RUNTIME', 'division by zero')).code; // 'E_RUNTIME'
 * ```
 */
export function toScriptError(mode: string, error: unknown): ScriptError {
  if (error instanceof ScriptFault) return { ...error.toDiagnostic(), mode };
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return scriptError(mode, 'E_LIMIT_DEPTH', 'the script nested too deeply for the interpreter');
  }
  if (error instanceof RangeError && /invalid string length/i.test(error.message)) {
    return scriptError(mode, 'E_LIMIT_STRING', 'a string would be longer than JavaScript can hold');
  }
  if (error instanceof RangeError && /invalid array length/i.test(error.message)) {
    return scriptError(mode, 'E_LIMIT_LIST', 'a list would be longer than JavaScript can hold');
  }
  return scriptError(mode, 'E_RUNTIME', 'internal error in the interpreter');
}

function scriptError(mode: string, code: ScriptErrorCode, message: string): ScriptError {
  return { code, message, line: 1, column: 1, mode };
}

function stripMode(error: ScriptError): Diagnostic {
  const { mode: _mode, diagnostics: _diagnostics, ...diagnostic } = error;
  return diagnostic;
}
