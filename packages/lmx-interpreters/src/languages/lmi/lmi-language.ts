import type { Expression } from '../../core/ast.js';
import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson, type JsonValue } from '../../core/convert.js';
import { formatLiteral } from '../../core/format-value.js';
import type { ScriptParser } from '../../core/script-parser.js';
import { isTruthy, ScriptMap, type Value, valuesEqual } from '../../core/values.js';
import { ScriptFault } from '../../errors.js';
import type { LanguageDefinition } from '../../language.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { bareTextOperand } from '../verbs/verb-statements.js';

const shown = (show: Value | undefined): boolean => show !== undefined && isTruthy(show);

const install = defineBuiltin('install', [0, 1], ([show], context) => {
  const answer = context.callBridge('install', 'describe', {}) as Record<string, JsonValue>;
  if (shown(show)) {
    for (const [key, value] of Object.entries(answer)) {
      context.print(
        `${key}: ${typeof value === 'string' ? value : formatLiteral(fromJson(value), context.limits.stringLength)}`,
      );
    }
  }
  return fromJson(answer);
});

const can = defineBuiltin('can', [1, 2], ([capability, show], context) => {
  const answer = context.callBridge('install', 'can', {
    capability: expectString(capability, 'can'),
  }) as string;
  if (shown(show)) context.print(answer);
  return answer;
});

const providers = defineBuiltin('providers', [1, 2], ([capability, show], context) => {
  const answer = context.callBridge('install', 'providers', {
    capability: expectString(capability, 'providers'),
  }) as JsonValue[];
  if (shown(show)) {
    if (answer.length === 0) context.print('none');
    for (const provider of answer)
      context.print(
        typeof provider === 'string'
          ? provider
          : formatLiteral(fromJson(provider), context.limits.stringLength),
      );
  }
  return fromJson(answer);
});

/** The comparisons `LIST … WHERE` takes; `=` goes to the data layer, the others run here. */
const LIST_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'contains'] as const;
type ListOperator = (typeof LIST_OPERATORS)[number];
/** Rows a `WHERE` other than `=` looks through (the newest ones): the bridge's own bound. */
export const LIST_SCAN_ROWS = 5000;
const LIST_DEFAULT_ROWS = 50;

/** A `WHERE` value written as text compares as a number when it reads as one (`minutes > 8`). */
function comparable(row: Value, wanted: Value): [Value, Value] {
  if (
    typeof row === 'number' &&
    typeof wanted === 'string' &&
    wanted.trim() !== '' &&
    Number.isFinite(Number(wanted))
  )
    return [row, Number(wanted)];
  return [row, wanted];
}

function matches(row: Value, operator: ListOperator, wanted: Value): boolean {
  const [left, right] = comparable(row, wanted);
  if (operator === 'contains') {
    if (typeof left === 'string') return typeof right === 'string' && left.includes(right);
    return Array.isArray(left) && left.some((item) => valuesEqual(item, right));
  }
  if (operator === '=')
    return valuesEqual(left, right) || (typeof left !== 'string' && String(left) === right);
  if (operator === '!=')
    return !(valuesEqual(left, right) || (typeof left !== 'string' && String(left) === right));
  const bothNumbers = typeof left === 'number' && typeof right === 'number';
  const bothStrings = typeof left === 'string' && typeof right === 'string';
  if (!bothNumbers && !bothStrings) return false;
  const [a, b] = [left as number | string, right as number | string];
  return operator === '<' ? a < b : operator === '<=' ? a <= b : operator === '>' ? a > b : a >= b;
}

const list = defineBuiltin(
  'list_rows',
  [5, 6],
  ([collection, field, operator, value, limit, show], context) => {
    const op = (operator === null ? '=' : expectString(operator, 'LIST', 3)) as ListOperator;
    if (!LIST_OPERATORS.includes(op))
      throw new ScriptFault(
        'E_RUNTIME',
        `LIST … WHERE compares with ${LIST_OPERATORS.join(', ')}, not ${op}`,
      );
    const name = field === null ? null : expectString(field, 'LIST', 2);
    const wanted = typeof limit === 'number' ? limit : LIST_DEFAULT_ROWS;
    const pushed = name !== null && op === '=';
    const answer = context.callBridge('install', 'list', {
      collection: expectString(collection, 'LIST'),
      ...(pushed ? { where: { [name]: value as JsonValue } } : {}),
      ...(name === null || pushed ? (typeof limit === 'number' ? { limit } : {}) : { limit: LIST_SCAN_ROWS }),
    }) as JsonValue[];
    let rows = fromJson(answer) as Value[];
    if (name !== null && !pushed) {
      rows = rows
        .filter((row) => {
          context.step();
          return row instanceof ScriptMap && matches(row.get(name) ?? null, op, value ?? null);
        })
        .slice(0, wanted);
    }
    if (shown(show)) {
      for (const row of rows) context.print(formatLiteral(row, context.limits.stringLength));
      context.print(`(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`);
    }
    return rows;
  },
);

/** `PROVIDERS FOR <capability>`. */
function providersOperands(parser: ScriptParser): Expression[] {
  parser.expectKeyword('for');
  return [bareTextOperand(parser, 'a capability after PROVIDERS FOR')];
}

/** `LIST <collection> [WHERE <field> <op> <value>] [LIMIT <n>]`, op one of `=`, `!=`, `<`, `<=`, `>`, `>=`, `contains`. */
function listOperands(parser: ScriptParser): Expression[] {
  const start = parser.peek();
  const collection = parser.expectName('a collection after LIST');
  const operands: Expression[] = [{ kind: 'string', value: collection.text, span: parser.spanFrom(start) }];
  if (parser.matchKeyword('where')) {
    const field = parser.expectName('a field after WHERE');
    operands.push({ kind: 'string', value: field.text, span: parser.spanFrom(field) });
    const operatorToken = parser.peek();
    let operator: string | undefined;
    if (parser.matchPunct('=') || parser.matchPunct('==')) operator = '=';
    else if (parser.matchKeyword('contains')) operator = 'contains';
    else
      for (const candidate of ['!=', '<=', '>=', '<', '>'])
        if (parser.matchPunct(candidate)) {
          operator = candidate;
          break;
        }
    if (!operator) parser.expected('a comparison (=, !=, <, <=, >, >=, contains) after the field');
    operands.push({ kind: 'string', value: operator as string, span: parser.spanFrom(operatorToken) });
    operands.push(bareTextOperand(parser, `a value after "${operator}"`, 'limit'));
  } else {
    const none = { kind: 'null', span: parser.spanFrom(start) } as const;
    operands.push(none, none, none);
  }
  if (parser.matchKeyword('limit')) operands.push(parser.parseExpression());
  return operands;
}

/**
 * `lmi`, ask what this install can do, read-only, through the `install` bridge: `INSTALL`,
 * `CAN <capability>` (`yes`, `no` or `unknown` — `unknown` when no entitlement engine is
 * wired, never a guess of `yes`), `PROVIDERS FOR <capability>` (who would serve it here: a
 * separate question), `LIST <collection> WHERE <field> = <text> LIMIT <n>`.
 *
 * @example
 * lmiLanguage.compile('CAN intelligence\nPROVIDERS FOR llm.chat').diagnostics; // []
 */
export const lmiLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lmi',
  title: 'Install',
  summary: 'Ask what this install can do, read-only: INSTALL, CAN, PROVIDERS FOR, LIST',
  bridges: ['install'],
  verbs: [
    { keyword: 'INSTALL', builtin: 'install', operands: () => [], answers: true, arity: 0 },
    {
      keyword: 'CAN',
      builtin: 'can',
      operands: (parser) => [bareTextOperand(parser, 'a capability after CAN')],
      answers: true,
      arity: 1,
    },
    { keyword: 'PROVIDERS', builtin: 'providers', operands: providersOperands, answers: true, arity: 1 },
    { keyword: 'LIST', builtin: 'list_rows', operands: listOperands, answers: true, arity: 5 },
  ],
  builtins: [install, can, providers, list],
});
