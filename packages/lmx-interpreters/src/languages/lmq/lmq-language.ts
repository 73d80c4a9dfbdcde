import type { Expression } from '../../core/ast.js';
import { visitNames } from '../../core/ast-walk.js';
import { expectNumber } from '../../core/builtins/arguments.js';
import { createBuiltinRegistry, defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { CORE_BUILTINS } from '../../core/builtins/core-builtins.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { fromJson, type JsonValue, toJson } from '../../core/convert.js';
import { formatLiteral } from '../../core/format-value.js';
import { toScriptNumber } from '../../core/numeric.js';
import type { RunContext } from '../../core/run-context.js';
import { Scope } from '../../core/scope.js';
import { isTruthy, ScriptMap, type Value } from '../../core/values.js';
import { ScriptFault } from '../../errors.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import type { DbQuery } from '../../ports/db-bridge.js';
import { LMQ_MAX_ROWS, type LmqQuery, parseQueries } from './lmq-parser.js';

const DAY_MS = 86_400_000;
const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max']);

const daysAgo = defineBuiltin(
  'days_ago',
  [1, 1],
  ([days]) => Date.now() - expectNumber(days, 'days_ago') * DAY_MS,
);
const now = defineBuiltin('now', [0, 0], () => Date.now());
const BUILTINS = createBuiltinRegistry(CORE_BUILTINS, [daysAgo, now]);

/** `field = literal` conjuncts of a WHERE, which the db bridge can apply before the row bound. */
function equalityFilters(where: Expression | undefined): Record<string, JsonValue> {
  const filters: Record<string, JsonValue> = {};
  const visit = (node: Expression): void => {
    if (node.kind === 'logical' && node.operator === 'and') {
      visit(node.left);
      visit(node.right);
    } else if (node.kind === 'binary' && node.operator === '==') {
      const [name, literal] = node.left.kind === 'name' ? [node.left, node.right] : [node.right, node.left];
      if (name.kind !== 'name') return;
      if (literal.kind === 'string' || literal.kind === 'number' || literal.kind === 'boolean')
        filters[name.name] = literal.value;
    }
  };
  if (where) visit(where);
  return filters;
}

/**
 * The top-level row fields a query reads — every name in its `WHERE`, `ORDER BY` and `SELECT`
 * (a builtin's name too, since a row field of that name wins) — or undefined when it answers
 * whole rows. The bridge then returns only these, so a query over large documents moves only
 * what it uses.
 */
function fieldsRead(query: LmqQuery): string[] | undefined {
  if (query.select.length === 0) return undefined;
  const fields = new Set<string>(query.orderBy.map((order) => order.field));
  const add = (node: { name: string }): void => {
    fields.add(node.name);
  };
  if (query.where) visitNames(query.where, add);
  for (const item of query.select) visitNames(item.expression, add);
  return [...fields];
}

interface CompiledQuery {
  query: LmqQuery;
  where?: Evaluate;
  columns: { label: string; evaluate: Evaluate }[];
  aggregates: { label: string; fn: string; evaluate?: Evaluate }[];
}

const TYPE_ORDER = ['null', 'boolean', 'number', 'string'];

/** Orders field values: null, then booleans, numbers, strings (code-unit order); anything else last. */
function compareFieldValues(left: Value, right: Value): number {
  const typeOf = (value: Value) => (value === null ? 'null' : typeof value);
  const [a, b] = [TYPE_ORDER.indexOf(typeOf(left)), TYPE_ORDER.indexOf(typeOf(right))];
  if (a !== b) return (a === -1 ? 99 : a) - (b === -1 ? 99 : b);
  if (typeof left === 'number' || typeof left === 'boolean' || typeof left === 'string') {
    return left < (right as typeof left) ? -1 : left > (right as typeof left) ? 1 : 0;
  }
  return 0;
}

function compareRows(orderBy: LmqQuery['orderBy']) {
  return (a: ScriptMap, b: ScriptMap): number => {
    for (const { field, direction } of orderBy) {
      const order = compareFieldValues(a.get(field) ?? null, b.get(field) ?? null);
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return 0;
  };
}

function aggregate(fn: string, values: Value[]): Value {
  if (fn === 'count') return values.length;
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if (numbers.length === 0) return fn === 'sum' ? 0 : null;
  if (fn === 'sum') return toScriptNumber(numbers.reduce((total, value) => total + value, 0));
  if (fn === 'avg')
    return toScriptNumber(numbers.reduce((total, value) => total + value, 0) / numbers.length);
  return fn === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

/**
 * Compiles an `lmq` script: each line a query over the `db` bridge. Equality conditions, the
 * first sort key and the fields the query reads go to the bridge (which applies the data route's
 * deny list and per-row read checks and returns at most 5000 rows); the rest of `WHERE`, `ORDER BY`, `LIMIT` and `SELECT`
 * (with `count()`, `sum`, `avg`, `min`, `max`) run on those rows. When the bridge had more
 * rows than it returned and the answer depends on all of them, the run ends with
 * `E_LIMIT_ROWS` instead of a silently wrong answer.
 *
 * @example
 * compileQueries('FROM pages WHERE kind = "maze" SELECT count()').diagnostics; // []
 */
export function compileQueries(source: string): CompileResult {
  const parsed = parseQueries(source);
  if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics };
  let row: ScriptMap = new ScriptMap();
  const compiler = createExpressionCompiler({
    builtins: BUILTINS,
    // A bare name is the row's field; a builtin's name (`days_ago`, `now`, `len`) is the
    // builtin unless the row has a field of that name.
    resolveName: (name) => {
      if (name === 'input') return undefined;
      const builtin = BUILTINS.get(name);
      return builtin
        ? () => (row.has(name) ? (row.get(name) ?? null) : builtin)
        : () => row.get(name) ?? null;
    },
  });
  const scope = new Scope();
  const compiled: CompiledQuery[] = parsed.queries.map((query) => {
    const aggregates: CompiledQuery['aggregates'] = [];
    const columns: CompiledQuery['columns'] = [];
    for (const item of query.select) {
      const node = item.expression;
      if (node.kind === 'call' && node.callee.kind === 'name' && AGGREGATES.has(node.callee.name)) {
        const argument = node.args[0];
        aggregates.push({
          label: item.label,
          fn: node.callee.name,
          ...(argument ? { evaluate: compiler.compile(argument, scope) } : {}),
        });
      } else columns.push({ label: item.label, evaluate: compiler.compile(node, scope) });
    }
    if (aggregates.length > 0 && columns.length > 0) {
      compiler.diagnostics.push({
        code: 'E_PARSE',
        message: 'SELECT mixes aggregates and row fields (there is no GROUP BY)',
        ...query.span,
      });
    }
    return {
      query,
      ...(query.where ? { where: compiler.compile(query.where, scope) } : {}),
      columns,
      aggregates,
    };
  });
  if (compiler.diagnostics.length > 0) return { diagnostics: compiler.diagnostics };

  const runQuery = (entry: CompiledQuery, context: RunContext): Value => {
    const { query } = entry;
    const frame = scope.createFrame();
    const pushedFilters = equalityFilters(query.where);
    const exact = !query.where || (Object.keys(pushedFilters).length > 0 && isOnlyEqualities(query.where));
    const fields = fieldsRead(query);
    const request: DbQuery = {
      collection: query.collection,
      where: pushedFilters,
      orderBy: query.orderBy.slice(0, 1),
      ...(fields === undefined ? {} : { fields }),
      limit:
        exact && entry.aggregates.length === 0 && query.orderBy.length <= 1
          ? (query.limit ?? LMQ_MAX_ROWS)
          : LMQ_MAX_ROWS,
    };
    const answer = context.callBridge('db', 'query', request, query.span) as {
      rows: JsonValue[];
      truncated?: boolean;
    };
    const rows = answer.rows
      .map((item) => fromJson(item))
      .filter((item): item is ScriptMap => item instanceof ScriptMap);
    const needsAll = !exact || entry.aggregates.length > 0 || query.orderBy.length > 1;
    if (answer.truncated && needsAll) {
      throw new ScriptFault(
        'E_LIMIT_ROWS',
        `FROM ${query.collection} reads more than ${LMQ_MAX_ROWS} rows; narrow it with WHERE field = value`,
        query.span,
      );
    }
    let kept = rows.filter((candidate) => {
      context.step(query.span);
      row = candidate;
      return !entry.where || isTruthy(entry.where(frame, context));
    });
    if (query.orderBy.length > 0) {
      if (kept.length > context.limits.sortSize)
        throw new ScriptFault(
          'E_LIMIT_SORT',
          `cannot sort more than ${context.limits.sortSize} rows`,
          query.span,
        );
      context.spend(kept.length, query.span);
      kept = [...kept].sort(compareRows(query.orderBy));
    }
    if (query.limit !== undefined) kept = kept.slice(0, query.limit);
    if (entry.aggregates.length > 0) {
      return new ScriptMap(
        entry.aggregates.map(({ label, fn, evaluate }) => {
          const values = kept.map((candidate) => {
            row = candidate;
            return evaluate ? evaluate(frame, context) : true;
          });
          return [label, aggregate(fn, values)] as [string, Value];
        }),
      );
    }
    if (entry.columns.length === 0) return kept;
    return kept.map((candidate) => {
      row = candidate;
      return new ScriptMap(
        entry.columns.map(({ label, evaluate }) => [label, evaluate(frame, context)] as [string, Value]),
      );
    });
  };

  return {
    diagnostics: [],
    program: {
      run(context) {
        let last: Value = null;
        for (const entry of compiled) {
          last = runQuery(entry, context);
          printResult(context, last);
        }
        return last;
      },
    },
  };
}

function isOnlyEqualities(where: Expression): boolean {
  if (where.kind === 'logical' && where.operator === 'and')
    return isOnlyEqualities(where.left) && isOnlyEqualities(where.right);
  if (where.kind !== 'binary' || where.operator !== '==') return false;
  const sides = [where.left.kind, where.right.kind];
  return (
    sides.includes('name') &&
    sides.some((kind) => kind === 'string' || kind === 'number' || kind === 'boolean')
  );
}

function printResult(context: RunContext, value: Value): void {
  if (value instanceof ScriptMap && value.size === 1) {
    context.print(context.format([...value.entries.values()][0] as Value));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) context.print(formatLiteral(item, context.limits.stringLength));
    context.print(`(${value.length} ${value.length === 1 ? 'row' : 'rows'})`);
    return;
  }
  context.print(formatLiteral(toJson(value) === null ? null : value, context.limits.stringLength));
}

/**
 * `lmq`, read stored rows through the `db` bridge: read-only, at most 5000 rows, under the data
 * route's deny list and per-row read checks; timestamps are epoch ms and `days_ago(n)` is one.
 *
 * @example
 * lmqLanguage.compile('FROM dreamer_runs WHERE status = "done" AND createdAt > days_ago(7) SELECT count()').diagnostics; // []
 */
export const lmqLanguage: LanguageDefinition = {
  id: 'lmq',
  title: 'Query',
  summary: 'Read stored rows: FROM … WHERE … ORDER BY … LIMIT … SELECT …, count/sum/avg',
  bridges: ['db'],
  compile: compileQueries,
};
