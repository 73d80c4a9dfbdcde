import type { Expression } from '../../core/ast.js';
import { visitNames } from '../../core/ast-walk.js';
import { CORE_BUILTIN_REGISTRY } from '../../core/builtins/core-builtins.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { orderByDependencies } from '../../core/dependency-order.js';
import { formatLiteral } from '../../core/format-value.js';
import { Scope } from '../../core/scope.js';
import { createScriptParser, spanOfToken } from '../../core/script-parser.js';
import { ScriptMap, type Value } from '../../core/values.js';
import type { Diagnostic, Span } from '../../diagnostics.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';

interface SheetEntry {
  name: string;
  value: Expression;
  span: Span;
}

/**
 * lmy, a declarative sheet: `name: expression` lines evaluated in dependency order (not
 * source order). The output is the computed document, one `name: value` line per entry in
 * source order; the run's value is the document as a map. A cycle is an `E_CYCLE` error
 * naming every entry along it.
 *
 * @example
 * ```ts
 * lmyLanguage.compile('total: price * qty\nprice: 12.5\nqty: 3').diagnostics; // []
 * ```
 */
export const lmyLanguage: LanguageDefinition = {
  id: 'lmy',
  title: 'Sheet',
  summary: 'Declarative sheet of named values (name: expr), evaluated in dependency order',
  bridges: [],
  compile: compileSheet,
};

function compileSheet(source: string): CompileResult {
  const parser = createScriptParser(source);
  const entries = new Map<string, SheetEntry>();
  parser.parseBlock((inner) => {
    const name = inner.expectName('a name at the start of the entry (name: value)');
    inner.expectPunct(':');
    const value = inner.parseExpression();
    inner.expectLineEnd();
    const previous = entries.get(name.text);
    if (previous) {
      inner.report(
        'E_PARSE',
        `"${name.text}" is defined twice (first on line ${previous.span.line})`,
        spanOfToken(name),
      );
      return undefined;
    }
    entries.set(name.text, { name: name.text, value, span: inner.spanFrom(name) });
    return undefined;
  });
  if (parser.diagnostics.length > 0) return { diagnostics: parser.diagnostics };

  const names = [...entries.keys()];
  const dependencies = new Map<string, string[]>();
  for (const entry of entries.values()) {
    const needs: string[] = [];
    visitNames(entry.value, (node) => {
      if (entries.has(node.name) && !needs.includes(node.name)) needs.push(node.name);
    });
    dependencies.set(entry.name, needs);
  }
  const { order, cycles } = orderByDependencies(names, dependencies);
  const diagnostics: Diagnostic[] = cycles.map((cycle) => {
    const first = entries.get(cycle[0] as string) as SheetEntry;
    return { code: 'E_CYCLE', message: `cycle: ${[...cycle, cycle[0]].join(' -> ')}`, ...first.span };
  });

  const scope = new Scope();
  for (const name of names) scope.declare(name);
  const compiler = createExpressionCompiler({ builtins: CORE_BUILTIN_REGISTRY });
  const compiled = new Map<string, Evaluate>();
  for (const entry of entries.values()) compiled.set(entry.name, compiler.compile(entry.value, scope));
  diagnostics.push(...compiler.diagnostics);
  if (diagnostics.length > 0) return { diagnostics };

  return {
    diagnostics: [],
    program: {
      run(context) {
        const frame = scope.createFrame();
        for (const name of order) {
          const entry = entries.get(name) as SheetEntry;
          context.step(entry.span);
          frame.slots[scope.declare(name)] = (compiled.get(name) as Evaluate)(frame, context);
        }
        const document = new ScriptMap();
        for (const name of names) {
          const value = frame.slots[scope.declare(name)] as Value;
          document.set(name, value);
          context.print(`${name}: ${formatLiteral(value, context.limits.stringLength)}`);
        }
        return document;
      },
    },
  };
}
