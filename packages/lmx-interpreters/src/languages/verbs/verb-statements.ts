import type { Expression } from '../../core/ast.js';
import type { ScriptParser } from '../../core/script-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Span } from '../../diagnostics.js';
import type { LmxStatement } from '../lmx/lmx-ast.js';
import type { LmxStatementExtension } from '../lmx/lmx-parser.js';

/**
 * One statement verb of a language built on lmx (`RUN`, `TYPE`, `USE`, `CAN`…): how its operands are read, and
 * the builtin it stands for. `RUN "x" -> out` becomes `let out = run("x", false)`; without a
 * target, `run("x", true)`, which prints what the verb did. So each verb is also an ordinary
 * builtin a script may call in an expression.
 */
export interface StatementVerb {
  keyword: string;
  builtin: string;
  /** Reads the operands after the keyword, up to an optional `-> name`. */
  operands(parser: ScriptParser): Expression[];
  /** Whether `-> name` may follow (verbs that answer something). */
  answers: boolean;
  /** Operands the builtin takes before its `show` flag; missing optional ones are passed as null. */
  arity: number;
}

/** A block statement of a language built on lmx (`AFTER … DO … END`), parsed into lmx statements. */
export interface BlockVerb {
  keyword: string;
  parse(
    parser: ScriptParser,
    start: Token,
    parseStatement: (parser: ScriptParser) => LmxStatement,
  ): LmxStatement;
}

/** A call of the builtin `name` as an expression node. */
export function callOf(name: string, args: Expression[], span: Span): Expression {
  return { kind: 'call', callee: { kind: 'name', name, span }, args, span };
}

/** Reads operands that are plain expressions, `count` of them (the last ones optional from `required`). */
export function expressionOperands(count: number, required = count): (parser: ScriptParser) => Expression[] {
  return (parser) => {
    const operands: Expression[] = [];
    while (operands.length < count && !parser.atLineEnd() && !parser.isPunct('->')) {
      operands.push(parser.parseExpression());
      parser.matchPunct(',');
    }
    if (operands.length < required) parser.expected(required === 1 ? 'an operand' : `${required} operands`);
    return operands;
  };
}

/**
 * The statement extension of a language built on lmx: its verbs parsed everywhere lmx statements are
 * (nested blocks included), each turned into a builtin call.
 *
 * @example
 * ```ts
 * parseLmx(source, createVerbExtension([runVerb], []));
 * ```
 */
export function createVerbExtension(
  verbs: readonly StatementVerb[],
  blocks: readonly BlockVerb[],
): LmxStatementExtension {
  return {
    keywords: [
      ...verbs.map((verb) => verb.keyword.toLowerCase()),
      ...blocks.map((block) => block.keyword.toLowerCase()),
    ],
    parse(parser, parseStatement) {
      const start = parser.peek();
      if (start.kind !== 'name') return undefined;
      const block = blocks.find((candidate) => parser.isKeyword(candidate.keyword.toLowerCase(), start));
      if (block) {
        parser.next();
        return block.parse(parser, start, parseStatement);
      }
      const verb = verbs.find((candidate) => parser.isKeyword(candidate.keyword.toLowerCase(), start));
      if (!verb) return undefined;
      parser.next();
      const operands = verb.operands(parser);
      while (operands.length < verb.arity) operands.push({ kind: 'null', span: parser.spanFrom(start) });
      let target: string | undefined;
      if (parser.matchPunct('->')) {
        if (!verb.answers) parser.expected(`the end of the line (${verb.keyword} answers nothing to keep)`);
        target = parser.expectName(`a variable name after "->"`).text;
      }
      const span = parser.spanFrom(start);
      if (target) {
        return {
          kind: 'let',
          name: target,
          value: callOf(verb.builtin, [...operands, { kind: 'boolean', value: false, span }], span),
          span,
        };
      }
      return {
        kind: 'expression',
        expression: callOf(verb.builtin, [...operands, { kind: 'boolean', value: true, span }], span),
        span,
      };
    },
  };
}

/**
 * Reads an operand that may be written bare — `ctrl+s`, `dreamer.dream`, `llm.chat`, `tools for
 * beekeepers` — or as any string expression: a string starts an expression; otherwise the tokens
 * up to the end of the line (or `stopWord`, or `->`) are joined as written (with single blanks
 * between words).
 */
export function bareTextOperand(parser: ScriptParser, what: string, stopWord?: string): Expression {
  const first = parser.peek();
  if (first.kind === 'string') return parser.parseExpression();
  let text = '';
  let previous: { endLine: number; endColumn: number } | undefined;
  while (!parser.atLineEnd() && !parser.isPunct('->') && !(stopWord && parser.isKeyword(stopWord))) {
    const token = parser.next();
    const touching = previous && previous.endLine === token.line && previous.endColumn === token.column;
    text += previous && !touching ? ` ${token.text}` : token.text;
    previous = token;
  }
  if (text === '') parser.expected(what, first);
  return { kind: 'string', value: text, span: parser.spanFrom(first) };
}
