import { createDiagnostic, type Diagnostic, type ScriptErrorCode, type Span } from './diagnostics.js';

/** Stable codes of host-side misuse of `@svc/lmx-interpreters` (not script errors). */
export type LmxErrorCode = 'LMX_RUNNER_CLOSED' | 'LMX_INVALID_OPTIONS' | 'LMX_WORKER_FAILED';

/**
 * The error the package throws at its host caller for misuse (a closed runner, bad options).
 * Scripts never throw at the host: their problems come back as data in the run result.
 *
 * @example
 * ```ts
 * throw new LmxError('LMX_RUNNER_CLOSED', 'the script runner is closed');
 * ```
 */
export class LmxError extends Error {
  readonly code: LmxErrorCode;

  constructor(code: LmxErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LmxError';
    this.code = code;
  }
}

/**
 * Tells whether a value is an {@link LmxError}, optionally with a given code.
 *
 * @example
 * ```ts
 * if (isLmxError(error, 'LMX_RUNNER_CLOSED')) restart();
 * ```
 */
export function isLmxError(value: unknown, code?: LmxErrorCode): value is LmxError {
  return value instanceof LmxError && (code === undefined || value.code === code);
}

/**
 * A script error raised while evaluating (a runtime error or a limit). It unwinds the
 * evaluator to the run's edge, where it becomes the result's `error`; it is never used
 * for ordinary control flow (return, break).
 *
 * @example
 * ```ts
 * throw new ScriptFault('E_RUNTIME', 'division by zero', node.span);
 * ```
 */
export class ScriptFault extends Error {
  readonly code: ScriptErrorCode;
  span: Span | undefined;

  constructor(code: ScriptErrorCode, message: string, span?: Span) {
    super(message);
    this.name = 'ScriptFault';
    this.code = code;
    this.span = span;
  }

  /** The fault as a diagnostic. */
  toDiagnostic(): Diagnostic {
    return createDiagnostic(this.code, this.message, this.span);
  }
}

/**
 * Tells whether a value is a {@link ScriptFault}.
 *
 * @example
 * ```ts
 * if (isScriptFault(error)) return error.toDiagnostic();
 * ```
 */
export function isScriptFault(value: unknown): value is ScriptFault {
  return value instanceof ScriptFault;
}
