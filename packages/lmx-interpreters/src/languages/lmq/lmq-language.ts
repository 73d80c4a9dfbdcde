import type { Expression } from '../../core/ast.js';
import { visitNames } from '../../core/ast-walk.js';
import { expectNumber, expectString } from '../../core/builtins/arguments.js';
import { createBuiltinRegistry, defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { CORE_BUILTINS } from '../../core/builtins/core-builtins.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { fromJson, type JsonValue, toJson } from '../../core/convert.js';
import { formatLiteral } from '../../core/format-value.js';
import type { RunContext } from '../../core/run-context.js';
import { Scope } from '../../core/scope.js';
import { didYouMean, suggestName } from '../../core/suggest-name.js';
import { isTruthy, ScriptMap, typeOfValue, type Value } from '../../core/values.js';
import type { Diagnostic } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import type { DbQuery } from '../../ports/db-bridge.js';
import { LMQ_MAX_ROWS, type LmqQuery, parseQueries } from './lmq-parser.js';
import {
  AGGREGATES,
  type AggregateCall,
  aggregateValues,
  compareMaps,
  distinctMaps,
  extractAggregates,
  groupRows,
  isMember,
} from './lmq-rows.js';

const DAY_MS = 86_400_000;

const daysAgo = defineBuiltin(
  'days_ago',
  [1, 1],
  ([days]) => Date.now() - expectNumber(days, 'days_ago') * DAY_MS,
);
const now = defineBuiltin('now', [0, 0], () => Date.now());
/** `date("2026-01-01")` or an ISO date and time: epoch ms, as the timestamps are. */
const date = defineBuiltin('date', [1, 1], ([text]) => {
  const written = expectString(text, 'date');
  const time = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(written)
    ? Date.parse(written)
    : Number.NaN;
  if (!Number.isFinite(time))
    throw new ScriptFault(
      'E_RUNTIME',
      `date expects "YYYY-MM-DD" or an ISO date and time, not ${JSON.stringify(written.slice(0, 40))}`,
    );
  return time;
});
const BUILTINS = createBuiltinRegistry(CORE_BUILTINS, [daysAgo, now, date]);

/** `field = literal` conjuncts of a WHERE, which the db bridge can apply before the row bound. */
function equalityFilters(where: Expression | undefined): Record<string, JsonValue> {
  const filters: Record<string, JsonValue> = {};
  const visit = (node: Expression): void => {
    if (node.kind === 'logical' && node.operator === 'and') {
      visit(node.left);
      visit(node.right);
    } else if (node.kind === 'binary' && node.operator === '==') {
      const [name, literal] = node.left.kind === 'name' ? [node.left, node.right] : [node.right, node.left];
      if (name.kind !== 'name' || name.name === 'row') return;
      if (literal.kind === 'string' || literal.kind === 'number' || literal.kind === 'boolean')
        filters[name.name] = literal.value;
    }
  };
  if (where) visit(where);
  return filters;
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

/**
 * The top-level row fields a query reads — every name in its clauses (a builtin's name too,
 * since a row field of that name wins) — or undefined when it answers whole rows (no `SELECT`,
 * or `row` itself is read). The bridge then returns only these.
 */
function fieldsRead(query: LmqQuery): string[] | undefined {
  if (query.select.length === 0) return undefined;
  const labels = new Set(query.select.map((item) => item.label));
  // ORDER BY of a grouped query sorts the answers by their labels, not rows by fields.
  const sortFields = query.orderBy
    .map((order) => order.field)
    .filter((field) => !labels.has(field) || !isGrouped(query));
  const fields = new Set<string>([...query.groupBy, ...sortFields]);
  let wholeRow = false;
  const add = (name: string): void => {
    if (name === 'row') wholeRow = true;
    // An aggregate's name is the aggregate, never a row field.
    else if (!AGGREGATES.has(name)) fields.add(name);
  };
  for (const clause of [query.where, query.having, ...query.select.map((item) => item.expression)])
    if (clause) visitRowFields(clause, add);
  return wholeRow ? undefined : [...fields];
}

/**
 * Calls `add` for every name an expression reads, reading `row.x` and `row?.x` as the field
 * `x` (so an optional field does not make the query read whole rows).
 */
function visitRowFields(expression: Expression, add: (name: string) => void): void {
  const visit = (node: Expression): void => {
    if (node.kind === 'member' && node.object.kind === 'name' && node.object.name === 'row') {
      add(node.name);
      return;
    }
    switch (node.kind) {
      case 'member':
        visit(node.object);
        return;
      case 'index':
        visit(node.object);
        visit(node.index);
        return;
      case 'call':
        visit(node.callee);
        for (const argument of node.args) visit(argument);
        return;
      case 'unary':
        visit(node.operand);
        return;
      case 'binary':
      case 'logical':
        visit(node.left);
        visit(node.right);
        return;
      case 'list':
        for (const item of node.items) visit(item);
        return;
      case 'map':
        for (const entry of node.entries) visit(entry.value);
        return;
      case 'extension':
        for (const child of node.children) visit(child);
        return;
      default:
        // Names, literals, templates and lambdas: the shared walk (a lambda's own parameters
        // are not fields).
        visitNames(node, (name) => add(name.name));
    }
  };
  visit(expression);
}

interface CompiledQuery {
  query: LmqQuery;
  where?: Evaluate;
  having?: Evaluate;
  columns: { label: string; evaluate: Evaluate }[];
  aggregates: { fn: string; evaluate?: Evaluate }[];
  /** Whether the answer is one row per group (GROUP BY or an aggregate). */
  grouped: boolean;
  /** The row fields the query's expressions read, checked against the rows it gets. */
  fields: Set<string>;
}

/**
 * Compiles an `lmq` script: each line a query over the `db` bridge. Equality conditions, the
 * first sort key and the fields the query reads go to the bridge (which applies the data route's
 * deny list and per-row read checks and returns at most 5000 rows); the rest — `WHERE`,
 * `GROUP BY`, `HAVING`, `ORDER BY`, `LIMIT`, `SELECT [DISTINCT] … [AS …]` with aggregates
 * anywhere in an expression — runs on those rows. When the bridge had more rows than it
 * returned and the answer depends on all of them, the run ends with `E_LIMIT_ROWS` instead of
 * a silently wrong answer. A field no row has is an error naming the closest one (`row?.x` reads an optional field).
 *
 * @example
 * compileQueries('FROM orders GROUP BY status SELECT status, sum(amount) AS total').diagnostics; // []
 */
export function compileQueries(source: string): CompileResult {
  const parsed = parseQueries(source);
  let row: ScriptMap = new ScriptMap();
  let groupAggregates: Value[] = [];
  let fields = new Set<string>();
  const compiler = createExpressionCompiler({
    builtins: BUILTINS,
    extensions: {
      aggregate: (node) => {
        const index = node.data as number;
        return () => groupAggregates[index] ?? null;
      },
      in: (node, inner, scope) => {
        const [item, collection] = node.children.map((child) => inner.compile(child, scope)) as [
          Evaluate,
          Evaluate,
        ];
        const { span } = node;
        return (frame, context) => {
          const list = collection(frame, context);
          const answer = isMember(item(frame, context), list);
          if (answer === undefined)
            throw new ScriptFault(
              'E_RUNTIME',
              `IN expects a list (or a string) on its right, not ${typeOfValue(list)}`,
              span,
            );
          return answer;
        };
      },
    },
    // A bare name is the row's field; `row` is the whole row (row?.x reads a field that may be
    // absent); a builtin's name (`days_ago`, `now`, `len`) is the builtin unless the row has a
    // field of that name.
    resolveName: (name) => {
      if (name === 'input') return undefined;
      if (name === 'row') return () => row;
      const builtin = BUILTINS.get(name);
      if (builtin) return () => (row.has(name) ? (row.get(name) ?? null) : builtin);
      fields.add(name);
      return () => row.get(name) ?? null;
    },
  });
  const scope = new Scope();
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const compiled: CompiledQuery[] = parsed.queries.map((query) => {
    fields = new Set(query.groupBy);
    const found: AggregateCall[] = [];
    const grouped =
      query.groupBy.length > 0 || query.select.some((item) => containsAggregate(item.expression));
    const columns = query.select.map((item) => {
      if (grouped) checkGroupedColumn(item.expression, query, diagnostics);
      return {
        label: item.label,
        evaluate: compiler.compile(extractAggregates(item.expression, found), scope),
      };
    });
    const having = query.having ? compiler.compile(extractAggregates(query.having, found), scope) : undefined;
    if (query.where && containsAggregate(query.where))
      diagnostics.push({
        code: 'E_PARSE',
        message: 'WHERE filters rows before they are grouped: an aggregate belongs in HAVING',
        ...query.where.span,
      });
    const where = query.where ? compiler.compile(query.where, scope) : undefined;
    const aggregates = found.map(({ fn, argument }) => ({
      fn,
      ...(argument ? { evaluate: compiler.compile(argument, scope) } : {}),
    }));
    if (grouped && query.select.length === 0)
      diagnostics.push({
        code: 'E_PARSE',
        message: 'GROUP BY needs a SELECT of what each group answers',
        ...query.span,
      });
    return {
      query,
      ...(where ? { where } : {}),
      ...(having ? { having } : {}),
      columns,
      aggregates,
      grouped,
      fields,
    };
  });
  diagnostics.push(...compiler.diagnostics);
  if (diagnostics.length > 0) return { diagnostics: sortDiagnostics(diagnostics) };

  const readRows = (entry: CompiledQuery, context: RunContext) => {
    const { query } = entry;
    const pushedFilters = equalityFilters(query.where);
    const exact = !query.where || (Object.keys(pushedFilters).length > 0 && isOnlyEqualities(query.where));
    const wantsOrder = !entry.grouped;
    const needsAll = !exact || entry.grouped || query.orderBy.length > 1 || query.distinct;
    const fieldList = fieldsRead(query);
    const request: DbQuery = {
      collection: query.collection,
      where: pushedFilters,
      orderBy: wantsOrder ? query.orderBy.slice(0, 1) : [],
      ...(fieldList === undefined ? {} : { fields: fieldList }),
      limit: needsAll
        ? LMQ_MAX_ROWS
        : Math.min(LMQ_MAX_ROWS, (query.offset ?? 0) + (query.limit ?? LMQ_MAX_ROWS)),
    };
    const answer = context.callBridge('db', 'query', request, query.span) as {
      rows: JsonValue[];
      truncated?: boolean;
      fields?: string[];
      collections?: string[];
    };
    const misspelt = misspeltCollection(query.collection, answer.rows.length, answer.collections);
    if (misspelt !== undefined)
      throw new ScriptFault(
        'E_RUNTIME',
        `no collection "${query.collection}" has rows you can read; did you mean "${misspelt}"?`,
        query.span,
      );
    if (answer.truncated && needsAll) {
      throw new ScriptFault(
        'E_LIMIT_ROWS',
        `FROM ${query.collection} reads more than ${LMQ_MAX_ROWS} rows; narrow it with WHERE field = value`,
        query.span,
      );
    }
    const rows = answer.rows
      .map((item) => fromJson(item))
      .filter((item): item is ScriptMap => item instanceof ScriptMap);
    const sampleRows = (): ScriptMap[] =>
      (
        context.callBridge(
          'db',
          'query',
          { collection: query.collection, where: {}, orderBy: [], limit: 1 },
          query.span,
        ) as { rows: JsonValue[] }
      ).rows
        .map((one) => fromJson(one))
        .filter((one): one is ScriptMap => one instanceof ScriptMap);
    const fieldError = (field: string, known: Set<string>): ScriptFault =>
      new ScriptFault(
        'E_RUNTIME',
        `no row of ${query.collection} has a field "${field}"${didYouMean(field, known)}; row?.${field} reads a field that may be absent`,
        query.span,
      );
    const missing = findMissingField(entry, rows, answer.fields ?? []);
    if (missing !== undefined) {
      // The rows came cut down to the fields the query named: one whole row tells which
      // fields the collection has, for the suggestion.
      const known = new Set<string>(answer.fields ?? []);
      for (const item of [...rows, ...(fieldList ? sampleRows() : [])])
        for (const key of item.entries.keys()) known.add(key);
      throw fieldError(missing, known);
    }
    if (rows.length === 0 && Object.keys(pushedFilters).length > 0) {
      // The database applied `field = value` and found nothing: a misspelt field looks the
      // same. One whole row settles it when the field is missing there and a close one exists
      // (a field some rows lack and no other name resembles stays a plain "no rows").
      const sample = sampleRows()[0];
      if (sample) {
        const known = new Set<string>([...(answer.fields ?? []), ...sample.entries.keys()]);
        for (const field of Object.keys(pushedFilters))
          if (!known.has(field) && didYouMean(field, known) !== '') throw fieldError(field, known);
      }
    }
    return rows;
  };

  const runQuery = (entry: CompiledQuery, context: RunContext): Value => {
    const { query } = entry;
    const frame = scope.createFrame();
    const rows = readRows(entry, context);
    let kept = rows.filter((candidate) => {
      context.step(query.span);
      row = candidate;
      return !entry.where || isTruthy(entry.where(frame, context));
    });
    const page = (maps: ScriptMap[]): ScriptMap[] => {
      const from = query.offset ?? 0;
      return query.limit === undefined ? maps.slice(from) : maps.slice(from, from + query.limit);
    };
    const sortLimit = (maps: ScriptMap[]): ScriptMap[] => {
      if (query.orderBy.length === 0) return maps;
      if (maps.length > context.limits.sortSize)
        throw new ScriptFault(
          'E_LIMIT_SORT',
          `cannot sort more than ${context.limits.sortSize} rows`,
          query.span,
        );
      context.spend(maps.length, query.span);
      return [...maps].sort(compareMaps(query.orderBy));
    };
    if (!entry.grouped) {
      kept = sortLimit(kept);
      if (entry.columns.length === 0) return page(kept);
      let answers = kept.map((candidate) => selectRow(entry, candidate, frame, context));
      if (query.distinct) answers = distinctMaps(answers);
      return page(answers);
    }
    const groups = query.groupBy.length > 0 ? groupRows(kept, query.groupBy) : [kept];
    let answers: ScriptMap[] = [];
    for (const group of groups) {
      context.step(query.span);
      groupAggregates = entry.aggregates.map(({ fn, evaluate }) =>
        aggregateValues(
          fn,
          group.map((candidate) => {
            row = candidate;
            return evaluate ? evaluate(frame, context) : true;
          }),
        ),
      );
      row = group[0] ?? new ScriptMap();
      if (entry.having && !isTruthy(entry.having(frame, context))) continue;
      answers.push(selectRow(entry, row, frame, context));
    }
    if (query.distinct) answers = distinctMaps(answers);
    answers = sortLimit(answers);
    answers = page(answers);
    // Aggregates over all rows answer one row, printed as it is.
    return query.groupBy.length === 0 ? (answers[0] ?? new ScriptMap()) : answers;
  };

  const selectRow = (
    entry: CompiledQuery,
    candidate: ScriptMap,
    frame: ReturnType<Scope['createFrame']>,
    context: RunContext,
  ) => {
    row = candidate;
    return new ScriptMap(
      entry.columns.map(({ label, evaluate }) => [label, evaluate(frame, context)] as [string, Value]),
    );
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

/**
 * The readable collection closest to `collection` when the query answered no rows and the host
 * listed the collections that hold rows without it (a misspelt `FROM`), or undefined: a
 * collection that is merely empty, or one no listed name resembles, stays a plain "no rows".
 */
function misspeltCollection(
  collection: string,
  rowCount: number,
  collections: readonly string[] | undefined,
): string | undefined {
  if (rowCount > 0 || !collections || collections.includes(collection)) return undefined;
  return suggestName(collection, collections);
}

/** Whether a query answers one row per group: GROUP BY, or an aggregate in SELECT. */
function isGrouped(query: LmqQuery): boolean {
  return query.groupBy.length > 0 || query.select.some((item) => containsAggregate(item.expression));
}

function containsAggregate(expression: Expression): boolean {
  const found: AggregateCall[] = [];
  extractAggregates(expression, found);
  return found.length > 0;
}

/** In a grouped query, a field outside an aggregate must be a GROUP BY field. */
function checkGroupedColumn(expression: Expression, query: LmqQuery, diagnostics: Diagnostic[]): void {
  const plain = extractAggregates(expression, []);
  visitNames(plain, (node) => {
    if (node.name === 'row' || node.name === 'input' || AGGREGATES.has(node.name) || BUILTINS.has(node.name))
      return;
    if (query.groupBy.includes(node.name)) return;
    diagnostics.push({
      code: 'E_PARSE',
      message:
        query.groupBy.length === 0
          ? `SELECT mixes aggregates and the row field "${node.name}" (add GROUP BY ${node.name}, or wrap it in an aggregate)`
          : `SELECT reads "${node.name}" outside an aggregate; add it to GROUP BY or wrap it in an aggregate (count, sum, avg, min, max, median)`,
      ...node.span,
    });
  });
}

/** A field the query reads that no returned row has (a misspelling), or undefined. */
function findMissingField(
  entry: CompiledQuery,
  rows: readonly ScriptMap[],
  known: readonly string[],
): string | undefined {
  if (rows.length === 0) return undefined;
  const present = new Set<string>(known);
  for (const candidate of rows) for (const key of candidate.entries.keys()) present.add(key);
  for (const field of entry.fields) if (!present.has(field) && !BUILTINS.has(field)) return field;
  return undefined;
}

function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
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
  summary: 'Read stored rows: FROM … WHERE … GROUP BY … ORDER BY … LIMIT … SELECT …, count/sum/avg',
  bridges: ['db'],
  compile: compileQueries,
};
