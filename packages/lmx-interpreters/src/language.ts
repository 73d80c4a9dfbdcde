import type { RunContext } from './core/run-context.js';
import type { Value } from './core/values.js';
import type { Diagnostic } from './diagnostics.js';
import type { BridgeName } from './ports/bridge-name.js';

/** The sixteen language ids. */
export type LanguageId =
  | 'lmx'
  | 'lmy'
  | 'lmm'
  | 'lmc'
  | 'lmz'
  | 'lmn'
  | 'lma'
  | 'lmi'
  | 'lmq'
  | 'lmai'
  | 'lmg'
  | 'lms'
  | 'lmk'
  | 'lmd'
  | 'lmnet'
  | 'lmt';

/** A compiled script, ready to run any number of times. */
export interface CompiledProgram {
  /**
   * Runs the program: prints through `context.print`, spends steps through
   * `context.step`, throws `ScriptFault` for script errors, and returns the run's `value`
   * (or undefined for none).
   */
  run(context: RunContext): Value | undefined;
}

/** What compiling gives: a program when there were no diagnostics. */
export interface CompileResult {
  program?: CompiledProgram;
  diagnostics: Diagnostic[];
}

/**
 * How a language plugs into the engine. A language lives in `src/languages/<id>/`, builds
 * its statement layer on the shared parser (`createScriptParser`) and expression compiler
 * (`createExpressionCompiler`), and exports one `LanguageDefinition`, listed in
 * `src/languages/language-registry.ts`.
 *
 * @example
 * ```ts
 * export const lmyLanguage: LanguageDefinition = {
 *   id: 'lmy',
 *   title: 'Sheet',
 *   summary: 'Named values evaluated in dependency order',
 *   bridges: [],
 *   compile: (source) => compileSheet(source),
 * };
 * ```
 */
export interface LanguageDefinition {
  id: LanguageId;
  /** A short human title. */
  title: string;
  /** One sentence: what the language is for. */
  summary: string;
  /** Bridges the language may call; it still runs without them until a call needs one. */
  bridges: readonly BridgeName[];
  /**
   * Parses and compiles source. Never throws for bad input: syntax errors (several at
   * once, with recovery) and unknown names come back as diagnostics.
   */
  compile(source: string): CompileResult;
}
