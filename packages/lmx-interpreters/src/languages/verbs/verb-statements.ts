import type { Expression } from '../../core/ast.js';
import type { ExtensionCompiler } from '../../core/compile-expression.js';
import type { Frame } from '../../core/scope.js';
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
    // Only block keywords are reserved: a verb's word stays a name inside expressions, so its
    // builtin is callable there (`print can("llm.chat")`, `let p = providers(cap)`).
    keywords: blocks.map((block) => block.keyword.toLowerCase()),
    statementWords: verbs.map((verb) => verb.keyword.toLowerCase()),
    parse(parser, parseStatement) {
      const start = parser.peek();
      if (start.kind !== 'name') return undefined;
      // `can("x")` at the start of a line is a call of the builtin, not the verb `CAN ("x")`.
      const after = parser.peek(1);
      if (
        after.kind === 'punct' &&
        after.text === '(' &&
        after.line === start.endLine &&
        after.column === start.endColumn
      )
        return undefined;
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
  let count = 0;
  let previous: { endLine: number; endColumn: number } | undefined;
  while (!parser.atLineEnd() && !parser.isPunct('->') && !(stopWord && parser.isKeyword(stopWord))) {
    const token = parser.next();
    const touching = previous && previous.endLine === token.line && previous.endColumn === token.column;
    text += previous && !touching ? ` ${token.text}` : token.text;
    previous = token;
    count += 1;
  }
  if (text === '') parser.expected(what, first);
  const span = parser.spanFrom(first);
  // One bare word may name a variable: `let cap = "llm.chat"` then `CAN cap` asks about llm.chat.
  if (count === 1 && first.kind === 'name')
    return { kind: 'extension', name: BARE_WORD, children: [], data: text, span };
  return { kind: 'string', value: text, span };
}

/** The extension node of an operand written as one bare word. */
export const BARE_WORD = 'bare-word';

/**
 * Compiles a bare-word operand: the value of the variable of that name when one is declared
 * where the verb stands and set, else the word as text.
 */
export const compileBareWord: ExtensionCompiler = (node, _compiler, scope) => {
  const word = node.data as string;
  const address = scope.resolve(word);
  if (!address) return () => word;
  // Declarations are hoisted (`-> bank` declares bank for the whole script), so a variable
  // that is declared but not yet set leaves the word as written.
  return (frame) => {
    let current: Frame | undefined = frame;
    for (let depth = 0; depth < address.depth && current; depth++) current = current.parent;
    return current?.slots[address.index] ?? word;
  };
};
