/**
 * The stable codes a script run or a script check can end with. `E_PARSE`, `E_NAME` and
 * `E_CYCLE` (a dependency cycle, in lmy and lmg) come from checking; the others from running.
 */
export type ScriptErrorCode =
  | 'E_PARSE'
  | 'E_NAME'
  | 'E_DIMENSION'
  | 'E_CYCLE'
  | 'E_RUNTIME'
  | 'E_INPUT'
  | 'E_LIMIT_TIME'
  | 'E_LIMIT_STEPS'
  | 'E_LIMIT_CALLS'
  | 'E_LIMIT_ROWS'
  | 'E_LIMIT_BYTES'
  | 'E_LIMIT_DEPTH'
  | 'E_LIMIT_STRING'
  | 'E_LIMIT_LIST'
  | 'E_LIMIT_SORT'
  | 'E_LIMIT_OUTPUT'
  | 'E_LIMIT_VALUE'
  | 'E_LIMIT_MEMORY'
  | 'E_LIMIT_SOURCE'
  | 'E_BRIDGE_MISSING'
  | 'E_BRIDGE_FAILED'
  | 'E_FORBIDDEN'
  | 'E_NOT_AVAILABLE'
  | 'E_CANCELLED';

/**
 * One problem found in a script, with a 1-based position. Every language reports its
 * syntax errors, runtime errors and limits with this one shape.
 *
 * @example
 * ```ts
 * const problem: Diagnostic = { code: 'E_PARSE', message: 'expected "end" but found end of input', line: 3, column: 1 };
 * ```
 */
export interface Diagnostic {
  code: ScriptErrorCode;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** The error of a failed run: a diagnostic plus the language it came from. */
export interface ScriptError extends Diagnostic {
  mode: string;
  /** Further diagnostics when a check found several problems (the first is repeated above). */
  diagnostics?: Diagnostic[];
}

/** A source range, 1-based, end exclusive. */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * Codes meaning a limit stopped the run; a worker that hit one is never reused. (`E_LIMIT_BYTES`
 * is not one: the `db` bridge refuses in the host before anything reaches the worker.)
 */
export const LIMIT_CODES: ReadonlySet<ScriptErrorCode> = new Set([
  'E_LIMIT_TIME',
  'E_LIMIT_STEPS',
  'E_LIMIT_CALLS',
  'E_LIMIT_ROWS',
  'E_LIMIT_DEPTH',
  'E_LIMIT_STRING',
  'E_LIMIT_LIST',
  'E_LIMIT_SORT',
  'E_LIMIT_OUTPUT',
  'E_LIMIT_VALUE',
  'E_LIMIT_MEMORY',
  'E_LIMIT_SOURCE',
]);

/**
 * Builds a diagnostic at a span (or at line 1, column 1 when there is none).
 *
 * @example
 * ```ts
 * createDiagnostic('E_RUNTIME', 'division by zero', { line: 2, column: 5, endLine: 2, endColumn: 10 });
 * ```
 */
export function createDiagnostic(code: ScriptErrorCode, message: string, span?: Span): Diagnostic {
  if (!span) return { code, message, line: 1, column: 1 };
  return {
    code,
    message,
    line: span.line,
    column: span.column,
    endLine: span.endLine,
    endColumn: span.endColumn,
  };
}
