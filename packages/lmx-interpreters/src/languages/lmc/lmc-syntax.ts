import type { Expression } from '../../core/ast.js';
import { joinSpans } from '../../core/ast.js';
import type { ExtensionCompiler } from '../../core/compile-expression.js';
import { PRECEDENCE } from '../../core/expression-infix.js';
import {
  type InfixParselet,
  type ParserExtensions,
  type ScriptParser,
  spanOfToken,
} from '../../core/script-parser.js';
import { didYouMean } from '../../core/suggest-name.js';
import type { Value } from '../../core/values.js';
import { typeOfValue } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import { failAmount, fromAmount, toAmount } from './amount-value.js';
import { type AmountResult, convertAmount, makeQuantity, percentOf } from './quantity.js';
import { findUnit, listUnitNames } from './units.js';

/** `x in m` binds looser than `+` and tighter than comparisons: `a + b in m == c in m`. */
const CONVERSION_PRECEDENCE = (PRECEDENCE.comparison + PRECEDENCE.additive) / 2;

const conversion: InfixParselet = {
  precedence: CONVERSION_PRECEDENCE,
  parse(parser, left) {
    const target = parser.peek();
    if (parser.isPunct('%', target)) {
      parser.next();
      return extension('convert', [left], '%', joinSpans(left.span, spanOfToken(target)));
    }
    if (target.kind !== 'name') parser.expected('a unit or "%" after "in"');
    const unit = readUnitText(parser);
    if (!findUnit(unit.text)) parser.report('E_NAME', unknownUnit(unit.text), unit.span);
    return extension('convert', [left], unit.text, joinSpans(left.span, unit.span));
  },
};

const percent: InfixParselet = {
  precedence: PRECEDENCE.postfix,
  parse(_parser, left, token) {
    return extension('percent', [left], undefined, joinSpans(left.span, spanOfToken(token)));
  },
};

const share: InfixParselet = {
  precedence: PRECEDENCE.multiplicative,
  parse(parser, left) {
    const right = parser.parseExpression(PRECEDENCE.multiplicative);
    return extension('of', [left, right], undefined, joinSpans(left.span, right.span));
  },
};

const modulo: InfixParselet = {
  precedence: PRECEDENCE.multiplicative,
  parse(parser, left) {
    const right = parser.parseExpression(PRECEDENCE.multiplicative);
    return { kind: 'binary', operator: '%', left, right, span: joinSpans(left.span, right.span) };
  },
};

/**
 * The grammar `lmc` adds to the shared expressions: a unit after a value (`3 ft`),
 * `x in <unit>` and `x in %`, a postfix `%` (always a percentage in `lmc`; the remainder
 * is `a mod b`) and `p% of x`.
 */
export const lmcParserExtensions: ParserExtensions = {
  infix: { in: conversion, '%': percent, of: share, mod: modulo },
  reserved: ['in', 'of', 'mod'],
  adjacent(parser, left) {
    const next = parser.peek();
    // `5 ft 11 inch`: a quantity followed by another one of the same kind is their sum.
    if (next.kind === 'number' && isQuantityNode(left)) {
      const unitToken = parser.peek(1);
      if (unitToken.kind !== 'name' || !findUnit(unitToken.text)) return undefined;
      parser.next();
      const amount: Expression = { kind: 'number', value: Number(next.text), span: spanOfToken(next) };
      const unit = readUnitText(parser);
      const right = extension('unit', [amount], unit.text, joinSpans(amount.span, unit.span));
      return { kind: 'binary', operator: '+', left, right, span: joinSpans(left.span, right.span) };
    }
    if (next.kind !== 'name' || parser.isReserved(next)) return undefined;
    // `5 N m`: units written side by side after a quantity multiply, as in mathjs (`N*m`).
    if (left.kind === 'extension' && left.name === 'unit' && findUnit(next.text)) {
      const unit = readUnitText(parser);
      const text = `${String(left.data)}*${unit.text}`;
      if (!findUnit(text)) parser.fail('E_NAME', unknownUnit(text), unit.span);
      return extension('unit', left.children, text, joinSpans(left.span, unit.span));
    }
    if (!findUnit(next.text)) {
      if (left.kind === 'number') parser.fail('E_NAME', unknownUnit(next.text), spanOfToken(next));
      return undefined;
    }
    const unit = readUnitText(parser);
    if (!findUnit(unit.text)) parser.fail('E_NAME', unknownUnit(unit.text), unit.span);
    return extension('unit', [left], unit.text, joinSpans(left.span, unit.span));
  },
};

function isQuantityNode(node: Expression): boolean {
  if (node.kind === 'extension' && node.name === 'unit') return true;
  return node.kind === 'binary' && node.operator === '+' && isQuantityNode(node.right);
}

/**
 * A unit as written, compound ones included: `km`, `km/h`, `GB/s`, `m/s^2`, `kW*h` — the
 * pieces written together, without blanks (`60 km / 2 h` divides two quantities instead).
 */
function readUnitText(parser: ScriptParser): { text: string; span: Span } {
  const first = parser.next();
  let text = first.text;
  let last = first;
  for (;;) {
    const joint = parser.peek();
    const after = parser.peek(1);
    if (joint.kind !== 'punct' || joint.spaceBefore || after.spaceBefore) break;
    if ((joint.text === '/' || joint.text === '*') && after.kind === 'name' && findUnit(after.text)) {
      text += joint.text + after.text;
    } else if (joint.text === '^' && after.kind === 'number' && /^[1-4]$/.test(after.text)) {
      text += joint.text + after.text;
    } else break;
    parser.next();
    last = parser.next();
  }
  return { text, span: joinSpans(spanOfToken(first), spanOfToken(last)) };
}

/** The message for an unknown unit, showing `°` as written (the lexer saw `º`), with the closest known one. */
function unknownUnit(name: string): string {
  const shown = name.replaceAll('º', '°');
  return `unknown unit "${shown}"${didYouMean(name, listUnitNames()).replaceAll('º', '°')}`;
}

function extension(name: string, children: Expression[], data: string | undefined, span: Span): Expression {
  return { kind: 'extension', name, children, ...(data === undefined ? {} : { data }), span };
}

function amountOf(value: Value, span: Span, what: string) {
  const amount = toAmount(value);
  if (amount === undefined)
    throw new ScriptFault('E_RUNTIME', `${what} needs a number, not ${typeOfValue(value)}`, span);
  return amount;
}

function settle(result: AmountResult, span: Span): Value {
  return result.ok ? fromAmount(result.value, span) : failAmount(result.error, span);
}

/** How the `lmc` extension nodes evaluate. */
export const lmcExtensionCompilers: Readonly<Record<string, ExtensionCompiler>> = {
  unit(node, compiler, scope) {
    const operand = compiler.compile(node.children[0] as Expression, scope);
    const unit = String(node.data);
    const { span } = node;
    return (frame, context) => {
      const value = operand(frame, context);
      if (typeof value !== 'number') {
        throw new ScriptFault('E_RUNTIME', `a unit follows a number, not ${typeOfValue(value)}`, span);
      }
      return settle(makeQuantity(value, unit), span);
    };
  },
  percent(node, compiler, scope) {
    const operand = compiler.compile(node.children[0] as Expression, scope);
    const { span } = node;
    return (frame, context) => {
      const value = operand(frame, context);
      if (typeof value !== 'number')
        throw new ScriptFault('E_RUNTIME', `"%" follows a number, not ${typeOfValue(value)}`, span);
      return settle({ ok: true, value: { kind: 'percent', value } }, span);
    };
  },
  convert(node, compiler, scope) {
    const operand = compiler.compile(node.children[0] as Expression, scope);
    const target = String(node.data);
    const { span } = node;
    return (frame, context) =>
      settle(convertAmount(amountOf(operand(frame, context), span, '"in"'), target), span);
  },
  of(node, compiler, scope) {
    const left = compiler.compile(node.children[0] as Expression, scope);
    const right = compiler.compile(node.children[1] as Expression, scope);
    const { span } = node;
    return (frame, context) => {
      const share = amountOf(left(frame, context), span, '"of"');
      return settle(percentOf(share, amountOf(right(frame, context), span, '"of"')), span);
    };
  },
};
