import type { BuiltinRegistry } from '../../core/builtins/builtin-registry.js';
import type { ExtensionCompiler } from '../../core/compile-expression.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { CompiledProgram } from '../../language.js';
import { compileLmx } from './lmx-compiler.js';
import { type LmxStatementExtension, parseLmx } from './lmx-parser.js';

/**
 * Parses and compiles lmx (or a language built on it) reporting as much as it can at once:
 * with syntax errors, the statements that did parse are still compiled, and their unknown
 * names are reported too — except a name that appears on a line with a syntax error (it may
 * be declared there, by the statement that failed).
 *
 * @example
 * ```ts
 * checkLmx('let = 1\nprint totl').diagnostics.length; // 2
 * ```
 */
export function checkLmx(
  source: string,
  options: {
    extension?: LmxStatementExtension;
    builtins?: BuiltinRegistry;
    extensions?: Readonly<Record<string, ExtensionCompiler>>;
  } = {},
): { program?: CompiledProgram; diagnostics: Diagnostic[] } {
  const parsed = parseLmx(source, options.extension);
  const compiled = compileLmx(parsed.statements, {
    ...(options.builtins ? { builtins: options.builtins } : {}),
    keywords: [...(options.extension?.keywords ?? []), ...(options.extension?.statementWords ?? [])],
    ...(options.extensions ? { extensions: options.extensions } : {}),
  });
  if (parsed.diagnostics.length === 0) {
    return compiled.diagnostics.length > 0
      ? { diagnostics: compiled.diagnostics }
      : { program: compiled.program, diagnostics: [] };
  }
  const lines = source.split('\n');
  // The words of the lines with syntax errors: a name among them may be declared there.
  const failedWords = new Set(
    parsed.diagnostics.flatMap((item) => (lines[item.line - 1] ?? '').split(/[^\p{L}\p{N}_]+/u)),
  );
  const unrelated = compiled.diagnostics.filter((item) => {
    const name = /^unknown name "([^"]+)"/.exec(item.message)?.[1];
    return name !== undefined && !failedWords.has(name);
  });
  return { diagnostics: [...parsed.diagnostics, ...unrelated] };
}
