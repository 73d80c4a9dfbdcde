import type { Expression } from '../../core/ast.js';
import type { ScriptParser } from '../../core/script-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Span } from '../../diagnostics.js';
import type { LmxStatement } from '../lmx/lmx-ast.js';
import type { LmxStatementExtension } from '../lmx/lmx-parser.js';

/**
 * One statement verb of a host mode (`RUN`, `TYPE`, `GET`…): how its operands are read, and
 * the builtin it stands for. `RUN "x" -> out` becomes `let out = run("x", false)`; without a
 * target, `run("x", true)`, which prints what the verb did. So each verb is also an ordinary
 * builtin a script may call in an expression.
 */
export interface HostVerb {
  keyword: string;
  builtin: string;
  /** Reads the operands after the keyword, up to an optional `-> name`. */
  operands(parser: ScriptParser): Expression[];
  /** Whether `-> name` may follow (verbs that answer something). */
  answers: boolean;
  /** Operands the builtin takes before its `show` flag; missing optional ones are passed as null. */
  arity: number;
}

/** A block statement of a host mode (`AFTER … DO … END`), parsed into lmx statements. */
export interface HostBlockVerb {
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
 * The statement extension of a host mode: its verbs parsed everywhere lmx statements are
 * (nested blocks included), each turned into a builtin call.
 *
 * @example
 * ```ts
 * parseLmx(source, createHostExtension([runVerb], []));
 * ```
 */
export function createHostExtension(
  verbs: readonly HostVerb[],
  blocks: readonly HostBlockVerb[],
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
