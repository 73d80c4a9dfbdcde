import { visitNames } from '../../core/ast-walk.js';
import { CORE_BUILTIN_REGISTRY } from '../../core/builtins/core-builtins.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { Scope } from '../../core/scope.js';
import { ParseAbort, ScriptParser } from '../../core/script-parser.js';
import type { Value } from '../../core/values.js';
import type { Diagnostic, Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { GridCell, PlacedCode } from './grid-document.js';

/** A name a cell's code reads that is not a builtin or `input`, with where it is read. */
export interface CellReference {
  readonly name: string;
  readonly span: Span;
}

/** A cell's code, parsed and compiled. */
export interface CompiledCode {
  readonly evaluate: Evaluate;
  readonly references: CellReference[];
}

/** The values of the cells computed so far in a run, by id. */
export type CellValues = Map<string, Value>;

/**
 * Compiles cell code (one shared-core expression per cell) at its real position in the
 * script. A name that is a cell id reads that cell's value from `values` when it runs;
 * `input` and builtins resolve as usual; every other name is a reference the graph lists
 * as unresolved — never an error at this stage.
 *
 * @example
 * const compile = createCellCompiler(cells, () => values);
 * compile(cell.code!, diagnostics)?.references; // [{ name: 'a', … }]
 */
export function createCellCompiler(
  cells: readonly GridCell[],
  readValues: () => CellValues,
): (code: PlacedCode, diagnostics: Diagnostic[]) => CompiledCode | undefined {
  const ids = new Set(cells.map((cell) => cell.id));
  const isGlobal = (name: string) => !ids.has(name) && (name === 'input' || CORE_BUILTIN_REGISTRY.has(name));
  const compiler = createExpressionCompiler({
    builtins: CORE_BUILTIN_REGISTRY,
    resolveName(name) {
      if (isGlobal(name)) return undefined;
      if (!ids.has(name)) {
        // Unresolved names are listed by GRAPH and refused by RUN before anything runs.
        return () => {
          throw new ScriptFault('E_NAME', `"${name}" is neither a cell nor a builtin`);
        };
      }
      return () => {
        const value = readValues().get(name);
        if (value === undefined) throw new ScriptFault('E_RUNTIME', `cell "${name}" has no value yet`);
        return value;
      };
    },
  });
  return (code, diagnostics) => {
    const parser = new ScriptParser(code.text, {}, { line: code.line, column: code.column });
    let expression: ReturnType<ScriptParser['parseExpression']>;
    try {
      parser.skipNewlines();
      expression = parser.parseExpression();
      parser.skipNewlines();
      if (!parser.atEnd()) parser.expected("the end of the cell's code (a cell holds one expression)");
    } catch (error) {
      if (!(error instanceof ParseAbort)) throw error;
      diagnostics.push(...parser.diagnostics);
      return undefined;
    }
    if (parser.diagnostics.length > 0) {
      diagnostics.push(...parser.diagnostics);
      return undefined;
    }
    const evaluate = compiler.compile(expression, new Scope());
    const references: CellReference[] = [];
    collectNames(expression, (node) => {
      if (!isGlobal(node.name)) references.push({ name: node.name, span: node.span });
    });
    return { evaluate, references };
  };
}

type Node = ReturnType<ScriptParser['parseExpression']>;

/** Visits every name an expression reads (iteratively: deep expressions cannot overflow). */
function collectNames(root: Node, visit: (node: Extract<Node, { kind: 'name' }>) => void): void {
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as Node;
    switch (node.kind) {
      case 'name':
        visit(node);
        break;
      case 'template':
        for (const segment of node.segments)
          if (segment.kind === 'expression') pending.push(segment.expression);
        break;
      case 'list':
        pending.push(...node.items);
        break;
      case 'map':
        for (const entry of node.entries) pending.push(entry.value);
        break;
      case 'unary':
        pending.push(node.operand);
        break;
      case 'binary':
      case 'logical':
        pending.push(node.left, node.right);
        break;
      case 'member':
        pending.push(node.object);
        break;
      case 'index':
        pending.push(node.object, node.index);
        break;
      case 'call':
        pending.push(node.callee, ...node.args);
        break;
      case 'extension':
        pending.push(...node.children);
        break;
      case 'lambda':
        // Its parameters are not references; the parser bounds its nesting, so recursion is safe.
        visitNames(node, visit);
        break;
      default:
        break;
    }
  }
}
