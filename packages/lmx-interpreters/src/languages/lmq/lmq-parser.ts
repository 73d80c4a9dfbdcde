import { type Expression, joinSpans } from '../../core/ast.js';
import { type InfixParselet, PRECEDENCE } from '../../core/expression-infix.js';
import { createScriptParser, ParseAbort, type ScriptParser, spanOfToken } from '../../core/script-parser.js';
import { didYouMean } from '../../core/suggest-name.js';
import type { Token } from '../../core/tokens.js';
import type { Diagnostic, Span } from '../../diagnostics.js';

/** One item of `SELECT`: an expression and the label it prints under (`AS name`, else derived). */
export interface LmqSelectItem {
  expression: Expression;
  label: string;
}

/**
 * One `lmq` query: `FROM <collection> [WHERE …] [GROUP BY …] [HAVING …] [ORDER BY …] [LIMIT n]
 * [SELECT [DISTINCT] …]`.
 */
export interface LmqQuery {
  collection: string;
  where?: Expression;
  groupBy: string[];
  having?: Expression;
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  /** Answers skipped before `LIMIT` counts: `OFFSET 20 LIMIT 10` is the third page of ten. */
  offset?: number;
  distinct: boolean;
  select: LmqSelectItem[];
  span: Span;
}

/** The clause words of lmq (case-insensitive); never field names inside expressions. */
export const LMQ_KEYWORDS = [
  'from',
  'where',
  'group',
  'having',
  'order',
  'by',
  'asc',
  'desc',
  'limit',
  'offset',
  'select',
  'distinct',
  'as',
  'in',
] as const;

/** The words that start a clause, for continuation lines and "did you mean". */
const CLAUSE_WORDS = ['where', 'group', 'having', 'order', 'limit', 'offset', 'select'];

/** In a query `=` compares, as in SQL: `status = "done"` is `status == "done"`. */
const EQUALS: InfixParselet = {
  precedence: PRECEDENCE.comparison,
  parse(parser, left) {
    const right = parser.parseExpression(PRECEDENCE.comparison);
    return { kind: 'binary', operator: '==', left, right, span: joinSpans(left.span, right.span) };
  },
};

/** `x IN ("a", "b")`, `x IN [1, 2]`, `"tag" IN tags`: membership in a list (or a string's text). */
function parseMembership(parser: ScriptParser, left: Expression, negated: boolean): Expression {
  let list: Expression;
  const open = parser.peek();
  if (parser.isPunct('(')) {
    // SQL's parenthesised list: ("a", "b").
    parser.next();
    parser.enterBracket();
    const items: Expression[] = [];
    while (!parser.isPunct(')')) {
      items.push(parser.parseExpression());
      if (!parser.matchPunct(',')) break;
    }
    parser.leaveBracket();
    parser.expectPunct(')');
    list = { kind: 'list', items, span: parser.spanFrom(open) };
  } else list = parser.parseExpression(PRECEDENCE.comparison);
  const span = joinSpans(left.span, list.span);
  const test: Expression = { kind: 'extension', name: 'in', children: [left, list], span };
  return negated ? { kind: 'unary', operator: 'not', operand: test, span } : test;
}

const IN: InfixParselet = {
  precedence: PRECEDENCE.comparison,
  parse: (parser, left) => parseMembership(parser, left, false),
};

/** `x NOT IN (…)`. */
const NOT_IN: InfixParselet = {
  precedence: PRECEDENCE.comparison,
  parse(parser, left) {
    parser.expectKeyword('in');
    return parseMembership(parser, left, true);
  },
};

/** Most rows a query may ask for: the db bridge's bound. */
export const LMQ_MAX_ROWS = 5000;

/**
 * Parses an `lmq` script: one query per line (a query may continue on the next line when that
 * line starts with a clause word), each error reported with its position, several at once.
 *
 * @example
 * parseQueries('FROM dreamer_runs WHERE status = "done" SELECT count()').queries[0]?.collection; // 'dreamer_runs'
 */
export function parseQueries(source: string): { queries: LmqQuery[]; diagnostics: Diagnostic[] } {
  const parser = createScriptParser(source, {
    reserved: [...LMQ_KEYWORDS],
    infix: { '=': EQUALS, in: IN, not: NOT_IN },
  });
  const queries = parser.parseBlock(parseQueryRecovering);
  return { queries, diagnostics: parser.diagnostics };
}

function skipContinuation(parser: ScriptParser): void {
  // A clause may start the next line: FROM x\n  WHERE … reads as one query.
  while (
    parser.peek().kind === 'newline' &&
    CLAUSE_WORDS.some((word) => parser.isKeyword(word, parser.peek(1)))
  ) {
    parser.next();
  }
}

/** `continuing`: go on with the clauses of a query whose head (or an earlier clause) failed. */
function parseQuery(parser: ScriptParser, continuing?: LmqQuery): LmqQuery {
  const start = parser.peek();
  const query: LmqQuery = continuing ?? parseQueryHead(parser, start);
  for (;;) {
    skipContinuation(parser);
    if (parser.matchKeyword('where')) {
      if (query.where)
        parser.report(
          'E_PARSE',
          'a query takes one WHERE (join conditions with and)',
          spanOfToken(parser.peek()),
        );
      query.where = parser.parseExpression();
    } else if (parser.matchKeyword('group')) {
      parser.expectKeyword('by');
      do query.groupBy.push(parser.expectName('a field name after GROUP BY').text);
      while (parser.matchPunct(','));
    } else if (parser.matchKeyword('having')) {
      query.having = parser.parseExpression();
    } else if (parser.matchKeyword('order')) {
      parser.expectKeyword('by');
      do {
        const field = parser.expectName('a field name after ORDER BY').text;
        let direction: 'asc' | 'desc' = 'asc';
        if (parser.matchKeyword('desc')) direction = 'desc';
        else parser.matchKeyword('asc');
        query.orderBy.push({ field, direction });
      } while (parser.matchPunct(','));
    } else if (parser.matchKeyword('limit')) {
      const token = parser.peek();
      const amount = token.kind === 'number' ? Number(token.text) : Number.NaN;
      if (!Number.isInteger(amount) || amount < 1 || amount > LMQ_MAX_ROWS)
        parser.report('E_PARSE', `LIMIT takes a whole number from 1 to ${LMQ_MAX_ROWS}`, spanOfToken(token));
      parser.next();
      query.limit = amount;
    } else if (parser.matchKeyword('offset')) {
      const token = parser.peek();
      const amount = token.kind === 'number' ? Number(token.text) : Number.NaN;
      if (!Number.isInteger(amount) || amount < 0 || amount >= LMQ_MAX_ROWS)
        parser.report(
          'E_PARSE',
          `OFFSET takes a whole number from 0 to ${LMQ_MAX_ROWS - 1}`,
          spanOfToken(token),
        );
      parser.next();
      query.offset = amount;
    } else if (parser.matchKeyword('select')) {
      query.distinct = parser.matchKeyword('distinct') !== undefined;
      do query.select.push(parseSelectItem(parser));
      while (parser.matchPunct(','));
    } else break;
  }
  const stray = parser.peek();
  if (stray.kind === 'name' && !parser.atLineEnd()) {
    const hint = didYouMean(
      stray.text.toUpperCase(),
      CLAUSE_WORDS.map((word) => word.toUpperCase()),
    );
    if (hint)
      parser.fail(
        'E_PARSE',
        `expected a clause but found ${JSON.stringify(stray.text)}${hint}`,
        spanOfToken(stray),
      );
  }
  parser.expectLineEnd();
  query.span = parser.spanFrom(start);
  if (query.having && query.groupBy.length === 0)
    parser.report('E_PARSE', 'HAVING filters groups: it needs a GROUP BY', query.span);
  return query;
}

/** `expr [AS name]`; `count(*)` counts rows and `count(DISTINCT x)` the different values of x, as in SQL. */
function parseSelectItem(parser: ScriptParser): LmqSelectItem {
  const item = parser.peek();
  let expression: Expression;
  if (
    item.kind === 'name' &&
    item.text === 'count' &&
    parser.isPunct('(', parser.peek(1)) &&
    parser.isKeyword('distinct', parser.peek(2))
  ) {
    parser.next();
    parser.next();
    parser.next();
    const argument = parser.parseExpression();
    parser.expectPunct(')');
    const span = parser.spanFrom(item);
    const callee = { kind: 'name', name: 'count_distinct', span: spanOfToken(item) } as const;
    expression = { kind: 'call', callee, args: [argument], span };
    if (parser.matchKeyword('as')) return { expression, label: parser.expectName('a name after AS').text };
    return {
      expression,
      label: argument.kind === 'name' ? `count_distinct_${argument.name}` : 'count_distinct',
    };
  }
  if (
    item.kind === 'name' &&
    item.text === 'count' &&
    parser.isPunct('(', parser.peek(1)) &&
    parser.isPunct('*', parser.peek(2)) &&
    parser.isPunct(')', parser.peek(3))
  ) {
    for (let index = 0; index < 4; index++) parser.next();
    const span = parser.spanFrom(item);
    expression = {
      kind: 'call',
      callee: { kind: 'name', name: 'count', span: spanOfToken(item) },
      args: [],
      span,
    };
  } else expression = parser.parseExpression();
  if (parser.matchKeyword('as')) {
    const alias = parser.expectName('a name after AS');
    return { expression, label: alias.text };
  }
  return { expression, label: labelOf(expression, item.text) };
}

function parseQueryHead(parser: ScriptParser, start: Token): LmqQuery {
  // `FORM pages` is reported with a did-you-mean and read on as the FROM it means.
  if (parser.misspeltKeyword(['from'])) parser.next();
  else parser.expectKeyword('from');
  const collection = parser.expectName('a collection name after FROM').text;
  return { collection, groupBy: [], orderBy: [], distinct: false, select: [], span: spanOfToken(start) };
}

/**
 * One query; after a syntax error in it, the rest of its line is still read clause by clause
 * (its errors reported too) before the line is skipped.
 */
function parseQueryRecovering(parser: ScriptParser): LmqQuery | undefined {
  try {
    return parseQuery(parser);
  } catch (error) {
    if (!(error instanceof ParseAbort)) throw error;
    const scratch: LmqQuery = {
      collection: '',
      groupBy: [],
      orderBy: [],
      distinct: false,
      select: [],
      span: spanOfToken(parser.peek()),
    };
    for (;;) {
      // At the line end the block's own recovery skips it.
      if (!parser.recoverTo(CLAUSE_WORDS)) throw error;
      try {
        parseQuery(parser, scratch);
        return undefined;
      } catch (inner) {
        if (!(inner instanceof ParseAbort)) throw inner;
      }
    }
  }
}

function labelOf(expression: Expression, fallback: string): string {
  if (expression.kind === 'name') return expression.name;
  if (expression.kind === 'member') return expression.name;
  if (expression.kind === 'call' && expression.callee.kind === 'name') {
    const argument = expression.args[0];
    return argument?.kind === 'name' ? `${expression.callee.name}_${argument.name}` : expression.callee.name;
  }
  return fallback;
}
