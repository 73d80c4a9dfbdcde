import type { Expression } from '../../core/ast.js';
import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson, type JsonValue } from '../../core/convert.js';
import { formatLiteral } from '../../core/format-value.js';
import type { ScriptParser } from '../../core/script-parser.js';
import { isTruthy, type Value } from '../../core/values.js';
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

const list = defineBuiltin('list_rows', [4, 5], ([collection, field, value, limit, show], context) => {
  const answer = context.callBridge('install', 'list', {
    collection: expectString(collection, 'LIST'),
    ...(field === null ? {} : { where: { [expectString(field, 'LIST', 2)]: value as JsonValue } }),
    ...(typeof limit === 'number' ? { limit } : {}),
  }) as JsonValue[];
  if (shown(show)) {
    for (const row of answer) context.print(formatLiteral(fromJson(row), context.limits.stringLength));
    context.print(`(${answer.length} ${answer.length === 1 ? 'row' : 'rows'})`);
  }
  return fromJson(answer);
});

/** `PROVIDERS FOR <capability>`. */
function providersOperands(parser: ScriptParser): Expression[] {
  parser.expectKeyword('for');
  return [bareTextOperand(parser, 'a capability after PROVIDERS FOR')];
}

/** `LIST <collection> [WHERE <field> = <text>] [LIMIT <n>]`. */
function listOperands(parser: ScriptParser): Expression[] {
  const start = parser.peek();
  const collection = parser.expectName('a collection after LIST');
  const operands: Expression[] = [{ kind: 'string', value: collection.text, span: parser.spanFrom(start) }];
  if (parser.matchKeyword('where')) {
    const field = parser.expectName('a field after WHERE');
    operands.push({ kind: 'string', value: field.text, span: parser.spanFrom(field) });
    if (!parser.matchPunct('=') && !parser.matchPunct('==')) parser.expected('"=" after the field');
    operands.push(bareTextOperand(parser, 'a value after "="', 'limit'));
  } else {
    operands.push(
      { kind: 'null', span: parser.spanFrom(start) },
      { kind: 'null', span: parser.spanFrom(start) },
    );
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
    { keyword: 'LIST', builtin: 'list_rows', operands: listOperands, answers: true, arity: 4 },
  ],
  builtins: [install, can, providers, list],
});
