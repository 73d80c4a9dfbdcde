import { fromJson, type JsonValue, toJson } from '../../core/convert.js';
import { formatPreview } from '../../core/format-value.js';
import type { RunContext } from '../../core/run-context.js';
import { ScriptMap, type Value } from '../../core/values.js';
import type { Diagnostic, Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import { type CellValues, type CompiledCode, createCellCompiler } from './cell-compiler.js';
import { analyseDependencies, type DependencyGraph, describeDependencies } from './dependency-graph.js';
import { type GridCell, type GridStatement, readGridScript } from './grid-document.js';

interface Cell {
  readonly cell: GridCell;
  readonly code?: CompiledCode;
  readonly props?: CompiledCode;
}

/**
 * Compiles an `lmg` script: a grid document then `RUN`, `GRAPH` and `CELL <id>` lines.
 * The dependency graph is built from the cells' graph code (`specialConfig.code` or a
 * cell's top-level `code`); `props.code` runs after the graph's cells, in document order,
 * and never adds an edge.
 *
 * @example
 * compileGrid('{"cells":[{"id":"a","specialConfig":{"code":"2"}},{"id":"b","specialConfig":{"code":"a * 21"}}]}\nGRAPH').diagnostics; // []
 */
export function compileGrid(source: string): CompileResult {
  const read = readGridScript(source);
  if (!read.ok) return { diagnostics: read.problems.map((problem) => ({ ...problem })) };
  let values: CellValues = new Map();
  const compile = createCellCompiler(read.cells, () => values);
  const diagnostics: Diagnostic[] = [];
  const cells: Cell[] = read.cells.map((cell) => {
    const code = cell.code ? compile(cell.code, diagnostics) : undefined;
    const props = cell.propsCode ? compile(cell.propsCode, diagnostics) : undefined;
    return { cell, ...(code ? { code } : {}), ...(props ? { props } : {}) };
  });
  if (diagnostics.length > 0) return { diagnostics };
  // An action cell is a node even without code: running the grid must reach (and refuse) it.
  const isGraphCell = (entry: Cell) => entry.code !== undefined || entry.cell.kind !== 'expression';
  const graphCells = cells.filter(isGraphCell);
  const graph = analyseDependencies(
    graphCells.map((entry) => ({
      id: entry.cell.id,
      references: (entry.code?.references ?? []).map((reference) => reference.name),
    })),
    new Set(),
  );
  const byId = new Map(cells.map((entry) => [entry.cell.id, entry]));
  return {
    diagnostics: [],
    program: {
      run(context) {
        values = new Map();
        let last: Value | undefined;
        for (const statement of read.statements) {
          context.step(spanOf(statement));
          if (statement.verb === 'GRAPH') {
            for (const line of describeDependencies(graph)) context.print(line, spanOf(statement));
            last = describeGraphValue(graph);
          } else if (statement.verb === 'RUN') {
            last = runAll(statement, context);
          } else {
            last = runOne(statement, context);
          }
        }
        return last;
      },
    },
  };

  function runAll(statement: GridStatement, context: RunContext): Value {
    assertRunnable(graph, byId, statement);
    for (const layer of graph.layers)
      for (const id of layer) evaluateCell(byId.get(id) as Cell, context, true);
    for (const entry of cells) if (entry.props) evaluateProps(entry, context);
    return new ScriptMap([...values]);
  }

  function runOne(statement: GridStatement, context: RunContext): Value {
    const id = statement.cellId as string;
    const target = byId.get(id);
    if (!target) throw new ScriptFault('E_NAME', `there is no cell "${id}"`, spanOf(statement));
    if (!isGraphCell(target)) {
      // A cell without graph code may read any graph cell: compute them all first.
      runAll(statement, context);
      context.print(
        `${id} = ${context.format(values.get(id) ?? null, spanOf(statement))}`,
        spanOf(statement),
      );
      return values.get(id) ?? null;
    }
    const needed = collectDependencies(id, graph);
    assertRunnable(graph, byId, statement, needed);
    for (const layer of graph.layers)
      for (const cellId of layer)
        if (needed.has(cellId) && !values.has(cellId)) evaluateCell(byId.get(cellId) as Cell, context, false);
    const value = values.get(id) as Value;
    context.print(`${id} = ${context.format(value, spanOf(statement))}`, spanOf(statement));
    return value;
  }

  function evaluateCell(entry: Cell, context: RunContext, print: boolean): void {
    const { cell } = entry;
    const at = { line: cell.code?.line ?? cell.line, column: cell.code?.column ?? cell.column };
    const span = { ...at, endLine: at.line, endColumn: at.column };
    context.step(span);
    if (cell.kind.startsWith('action:')) {
      values.set(cell.id, runAction(entry, context, span));
      if (print) context.print(`${cell.id} = ${context.format(values.get(cell.id) ?? null, span)}`, span);
      return;
    }
    const value = withSpan(
      () => (entry.code as CompiledCode).evaluate({ slots: [], parent: undefined }, context),
      span,
    );
    values.set(cell.id, value);
    if (print) context.print(`${cell.id} = ${context.format(value, span)}`, span);
  }

  /**
   * An `action:<capability>` cell: its code (if any) computes the arguments, a map, and the
   * capability runs through the script's `tools` bridge (as `lma`'s `USE`); the cell's value
   * is the result. Without the bridge it refuses with `E_BRIDGE_MISSING`.
   */
  function runAction(entry: Cell, context: RunContext, span: Span): Value {
    const { cell } = entry;
    const at = { line: cell.line, column: cell.column, endLine: cell.line, endColumn: cell.column };
    if (!context.bridges?.available.has('tools')) {
      throw new ScriptFault(
        'E_BRIDGE_MISSING',
        `cell "${cell.id}" is an ${cell.kind} cell; action cells need the "tools" bridge, which this host does not provide`,
        at,
      );
    }
    const args = entry.code
      ? withSpan(() => (entry.code as CompiledCode).evaluate({ slots: [], parent: undefined }, context), span)
      : new ScriptMap();
    if (!(args instanceof ScriptMap)) {
      throw new ScriptFault(
        'E_RUNTIME',
        `cell "${cell.id}": an action cell's code computes its arguments as a map, not ${formatPreview(args, 200)}`,
        span,
      );
    }
    const answer = context.callBridge(
      'tools',
      'use',
      { name: cell.kind.slice('action:'.length), args: toJson(args) },
      span,
    ) as { ok: boolean; result?: JsonValue; error?: { code: string; message: string } };
    if (!answer.ok) {
      throw new ScriptFault(
        'E_BRIDGE_FAILED',
        `cell "${cell.id}": ${cell.kind} failed: ${answer.error?.code} ${answer.error?.message}`,
        span,
      );
    }
    return fromJson(answer.result ?? null);
  }

  function evaluateProps(entry: Cell, context: RunContext): void {
    const code = entry.cell.propsCode as NonNullable<GridCell['propsCode']>;
    const span = { line: code.line, column: code.column, endLine: code.line, endColumn: code.column };
    context.step(span);
    const value = withSpan(
      () => (entry.props as CompiledCode).evaluate({ slots: [], parent: undefined }, context),
      span,
    );
    // A props-only cell's value is its props result; a cell with graph code keeps its own.
    if (!isGraphCell(entry)) values.set(entry.cell.id, value);
    context.print(`${entry.cell.id} (props) = ${context.format(value, span)}`, span);
  }
}

/** Refuses to run a grid with a cycle (`E_CYCLE`) or an unresolved name (`E_NAME`) among `only` (default: all). */
function assertRunnable(
  graph: DependencyGraph,
  cells: ReadonlyMap<string, Cell>,
  statement: GridStatement,
  only?: ReadonlySet<string>,
): void {
  const cycle = graph.cycles.find((members) => !only || members.some((id) => only.has(id)));
  if (cycle) {
    throw new ScriptFault(
      'E_CYCLE',
      `the cells form a cycle: ${[...cycle, cycle[0]].join(' -> ')}`,
      spanOfCell(cells.get(cycle[0] as string)),
    );
  }
  const blocked = graph.blocked.find((id) => !only || only.has(id));
  if (blocked)
    throw new ScriptFault('E_CYCLE', `cell "${blocked}" depends on a cycle`, spanOfCell(cells.get(blocked)));
  for (const unresolved of graph.unresolved) {
    if (only && !only.has(unresolved.cell)) continue;
    const reference = cells
      .get(unresolved.cell)
      ?.code?.references.find((item) => item.name === unresolved.name);
    throw new ScriptFault(
      'E_NAME',
      `cell "${unresolved.cell}" uses "${unresolved.name}", which is neither a cell with code nor a builtin`,
      reference?.span ?? spanOf(statement),
    );
  }
}

/** The cell and every cell it depends on, transitively. */
function collectDependencies(id: string, graph: DependencyGraph): Set<string> {
  const uses = new Map<string, string[]>();
  for (const [from, to] of graph.edges) uses.set(to, [...(uses.get(to) ?? []), from]);
  const needed = new Set([id]);
  const pending = [id];
  while (pending.length > 0) {
    for (const dependency of uses.get(pending.pop() as string) ?? []) {
      if (!needed.has(dependency)) {
        needed.add(dependency);
        pending.push(dependency);
      }
    }
  }
  return needed;
}

function describeGraphValue(graph: DependencyGraph): Value {
  return new ScriptMap([
    ['edges', graph.edges.map(([from, to]) => [from, to])],
    ['layers', graph.layers.map((layer) => [...layer])],
    ['cycles', graph.cycles.map((cycle) => [...cycle])],
    ['blocked', [...graph.blocked]],
    [
      'unresolved',
      graph.unresolved.map(
        (item) =>
          new ScriptMap([
            ['cell', item.cell],
            ['name', item.name],
          ]),
      ),
    ],
  ]);
}

function withSpan(evaluate: () => Value, span: Span): Value {
  try {
    return evaluate();
  } catch (error) {
    if (error instanceof ScriptFault && error.span === undefined) error.span = span;
    throw error;
  }
}

function spanOf(statement: GridStatement): Span {
  return {
    line: statement.line,
    column: statement.column,
    endLine: statement.line,
    endColumn: statement.column,
  };
}

function spanOfCell(entry: Cell | undefined): Span | undefined {
  if (!entry) return undefined;
  const at = entry.cell.code ?? entry.cell;
  return { line: at.line, column: at.column, endLine: at.line, endColumn: at.column };
}

/**
 * `lmg`, programming grids: cells in dependency order, `GRAPH`, `RUN`, `CELL <id>`.
 *
 * @example
 * lmgLanguage.compile('{"cells": []}').diagnostics; // []
 */
export const lmgLanguage: LanguageDefinition = {
  id: 'lmg',
  title: 'Grid',
  summary: 'A grid document (JSON or YAML) of cells evaluated in dependency order; GRAPH, RUN, CELL <id>.',
  bridges: [],
  compile: compileGrid,
};
