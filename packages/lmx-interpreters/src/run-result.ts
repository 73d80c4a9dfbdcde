import type { JsonValue } from './core/convert.js';
import type { ScriptLimits } from './core/limits.js';
import type { ScriptError } from './diagnostics.js';

/** One run of a script. */
export interface RunRequest {
  /** The language id (`lmx`, `lmy`, …). */
  mode: string;
  source: string;
  /** JSON data the script reads as `input`. */
  input?: unknown;
  /** Lower (or, up to the runner's maximum, raise) the bounds of this run. */
  limits?: Partial<ScriptLimits>;
}

/** Model usage of a run (`lmai`). */
export interface RunUsage {
  stub: boolean;
  tokens: number;
}

/**
 * The result of every run, in every language: what it printed, its value, and its error
 * when it failed. A failed run still returns the output printed before the failure.
 */
export interface RunResult {
  ok: boolean;
  mode: string;
  output: string[];
  value?: JsonValue;
  error?: ScriptError;
  usage?: RunUsage;
  trace?: JsonValue[];
  durationMs: number;
}
