import { type Expression, joinSpans } from '../../core/ast.js';
import { type InfixParselet, PRECEDENCE } from '../../core/expression-infix.js';
import { createScriptParser, ParseAbort, type ScriptParser, spanOfToken } from '../../core/script-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Diagnostic, Span } from '../../diagnostics.js';

/** One `lmq` query: `FROM <collection> [WHERE …] [ORDER BY …] [LIMIT n] [SELECT …]`. */
export interface LmqQuery {
  collection: string;
  where?: Expression;
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  select: { expression: Expression; label: string }[];
  span: Span;
}

/** The clause words of lmq (case-insensitive); never field names inside expressions. */
export const LMQ_KEYWORDS = ['from', 'where', 'order', 'by', 'asc', 'desc', 'limit', 'select'] as const;

/** In a query `=` compares, as in SQL: `status = "done"` is `status == "done"`. */
const EQUALS: InfixParselet = {
  precedence: PRECEDENCE.comparison,
  parse(parser, left) {
    const right = parser.parseExpression(PRECEDENCE.comparison);
    return { kind: 'binary', operator: '==', left, right, span: joinSpans(left.span, right.span) };
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
  const parser = createScriptParser(source, { reserved: [...LMQ_KEYWORDS], infix: { '=': EQUALS } });
  const queries = parser.parseBlock(parseQueryRecovering);
  return { queries, diagnostics: parser.diagnostics };
}

function skipContinuation(parser: ScriptParser): void {
  // A clause may start the next line: FROM x\n  WHERE … reads as one query.
  while (
    parser.peek().kind === 'newline' &&
    LMQ_KEYWORDS.some((word) => word !== 'from' && parser.isKeyword(word, parser.peek(1)))
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
        parser.fail(
          'E_PARSE',
          'a query takes one WHERE (join conditions with and)',
          spanOfToken(parser.peek()),
        );
      query.where = parser.parseExpression();
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
      if (!Number.isInteger(amount) || amount < 1 || amount > LMQ_MAX_ROWS) {
        parser.fail('E_PARSE', `LIMIT takes a whole number from 1 to ${LMQ_MAX_ROWS}`, spanOfToken(token));
      }
      parser.next();
      query.limit = amount;
    } else if (parser.matchKeyword('select')) {
      do {
        const item = parser.peek();
        const expression = parser.parseExpression();
        query.select.push({ expression, label: labelOf(expression, item.text) });
      } while (parser.matchPunct(','));
    } else break;
  }
  parser.expectLineEnd();
  query.span = parser.spanFrom(start);
  return query;
}

function parseQueryHead(parser: ScriptParser, start: Token): LmqQuery {
  // `FORM pages` is reported with a did-you-mean and read on as the FROM it means.
  if (parser.misspeltKeyword(['from'])) parser.next();
  else parser.expectKeyword('from');
  const collection = parser.expectName('a collection name after FROM').text;
  return { collection, orderBy: [], select: [], span: spanOfToken(start) };
}

/** The clause words a failed clause skips to, so each clause's error is reported at once. */
const CLAUSE_WORDS = ['where', 'order', 'limit', 'select'];

/**
 * One query; after a syntax error in it, the rest of its line is still read clause by clause
 * (its errors reported too) before the line is skipped.
 */
function parseQueryRecovering(parser: ScriptParser): LmqQuery | undefined {
  try {
    return parseQuery(parser);
  } catch (error) {
    if (!(error instanceof ParseAbort)) throw error;
    const scratch: LmqQuery = { collection: '', orderBy: [], select: [], span: spanOfToken(parser.peek()) };
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
  if (expression.kind === 'call' && expression.callee.kind === 'name') {
    const argument = expression.args[0];
    return argument?.kind === 'name' ? `${expression.callee.name}_${argument.name}` : expression.callee.name;
  }
  return fallback;
}
