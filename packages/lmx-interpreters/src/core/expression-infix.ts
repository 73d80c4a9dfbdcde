import type { BinaryOperator, Expression } from './ast.js';
import { joinSpans } from './ast.js';
import type { InfixParselet } from './expression-parser.js';

export type { InfixParselet };

/** Binding strength of the shared grammar, loosest first. */
export const PRECEDENCE = {
  or: 10,
  and: 20,
  not: 30,
  comparison: 40,
  additive: 50,
  multiplicative: 60,
  unary: 70,
  power: 80,
  postfix: 90,
} as const;

function binary(operator: BinaryOperator, precedence: number, rightAssociative = false): InfixParselet {
  return {
    precedence,
    parse(parser, left) {
      const right = parser.parseExpression(rightAssociative ? precedence - 1 : precedence);
      return { kind: 'binary', operator, left, right, span: joinSpans(left.span, right.span) };
    },
  };
}

function comparison(operator: BinaryOperator): InfixParselet {
  return {
    precedence: PRECEDENCE.comparison,
    parse(parser, left, token) {
      const right = parser.parseExpression(PRECEDENCE.comparison);
      const next = parser.peek();
      if (next.kind === 'punct' && ['==', '!=', '<', '<=', '>', '>='].includes(next.text)) {
        parser.expected(`"and" between comparisons (a < b and b < c) after "${token.text}"`, next);
      }
      return { kind: 'binary', operator, left, right, span: joinSpans(left.span, right.span) };
    },
  };
}

function logical(operator: 'and' | 'or', precedence: number): InfixParselet {
  return {
    precedence,
    parse(parser, left) {
      const right = parser.parseExpression(precedence);
      return { kind: 'logical', operator, left, right, span: joinSpans(left.span, right.span) };
    },
  };
}

function member(optional: boolean): InfixParselet {
  return {
    precedence: PRECEDENCE.postfix,
    parse(parser, object, dot) {
      const token = parser.peek();
      if (token.kind !== 'name') parser.expected(`a field name after "${dot.text}"`);
      parser.next();
      const span = joinSpans(object.span, token);
      return optional
        ? { kind: 'member', object, name: token.text, optional: true, span }
        : { kind: 'member', object, name: token.text, span };
    },
  };
}

const index: InfixParselet = {
  precedence: PRECEDENCE.postfix,
  parse(parser, object) {
    parser.enterBracket();
    const key = parser.parseExpression();
    const close = parser.peek();
    parser.leaveBracket();
    parser.expectPunct(']');
    return { kind: 'index', object, index: key, span: joinSpans(object.span, close) };
  },
};

const call: InfixParselet = {
  precedence: PRECEDENCE.postfix,
  parse(parser, callee) {
    const args: Expression[] = [];
    parser.enterBracket();
    while (!parser.isPunct(')')) {
      args.push(parser.parseExpression());
      if (!parser.matchPunct(',')) break;
    }
    const close = parser.peek();
    parser.leaveBracket();
    if (!parser.isPunct(')')) parser.expected('"," or ")" in the argument list');
    parser.next();
    return { kind: 'call', callee, args, span: joinSpans(callee.span, close) };
  },
};

/** The infix rules of the shared grammar, by operator text or lower-case word. */
export const CORE_INFIX: Readonly<Record<string, InfixParselet>> = {
  or: logical('or', PRECEDENCE.or),
  and: logical('and', PRECEDENCE.and),
  '==': comparison('=='),
  '!=': comparison('!='),
  '<': comparison('<'),
  '<=': comparison('<='),
  '>': comparison('>'),
  '>=': comparison('>='),
  '+': binary('+', PRECEDENCE.additive),
  '-': binary('-', PRECEDENCE.additive),
  '*': binary('*', PRECEDENCE.multiplicative),
  '/': binary('/', PRECEDENCE.multiplicative),
  '%': binary('%', PRECEDENCE.multiplicative),
  '^': binary('^', PRECEDENCE.power, true),
  '.': member(false),
  '?.': member(true),
  '[': index,
  '(': call,
};
