import type { Expression } from '../../core/ast.js';
import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson, type JsonValue, toJson } from '../../core/convert.js';
import { formatLiteral } from '../../core/format-value.js';
import type { RunContext } from '../../core/run-context.js';
import type { ScriptParser } from '../../core/script-parser.js';
import { isTruthy, ScriptMap, type Value } from '../../core/values.js';
import type { LanguageDefinition } from '../../language.js';
import type { LmxStatement } from '../lmx/lmx-ast.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { type BlockVerb, bareTextOperand, callOf } from '../verbs/verb-statements.js';

const shown = (show: Value | undefined): boolean => show !== undefined && isTruthy(show);

/** One tool use as `TRACE` shows it: what ran, who served it, how long it took, what it cost. */
interface UseRecord {
  tool: string;
  ok: boolean;
  provider: string;
  durationMs: number;
  charged: number;
}

/** The uses of each run so far, kept in the run's own worker (never shared between runs). */
const usesByRun = new WeakMap<RunContext, UseRecord[]>();

const planes = defineBuiltin('planes', [0, 1], ([show], context) => {
  const answer = context.callBridge('tools', 'planes', {}) as {
    plane: string;
    count: number;
    description?: string;
  }[];
  if (shown(show))
    for (const plane of answer)
      context.print(`${plane.plane} (${plane.count})${plane.description ? ` — ${plane.description}` : ''}`);
  return fromJson(answer as unknown as JsonValue);
});

const discover = defineBuiltin('discover', [1, 2], ([text, show], context) => {
  const answer = context.callBridge('tools', 'discover', { query: expectString(text, 'discover') }) as {
    id: string;
    title: string;
  }[];
  if (shown(show)) {
    if (answer.length === 0) context.print('nothing found');
    for (const tool of answer) context.print(`${tool.id} — ${tool.title}`);
  }
  return fromJson(answer as unknown as JsonValue);
});

const describe = defineBuiltin('describe', [1, 2], ([name, show], context) => {
  const answer = context.callBridge('tools', 'describe', { name: expectString(name, 'describe') }) as Record<
    string,
    JsonValue
  >;
  if (shown(show)) {
    context.print(`${answer.id} — ${answer.title}`);
    if (answer.description) context.print(String(answer.description));
    context.print(`input: ${JSON.stringify(answer.input)}`);
    context.print(`policy: ${JSON.stringify(answer.policy)}`);
  }
  return fromJson(answer);
});

const use = defineBuiltin('use', [1, 3], ([name, args, show], context) => {
  const tool = expectString(name, 'use');
  const answer = context.callBridge('tools', 'use', {
    name: tool,
    args: toJson(args ?? new ScriptMap()),
  }) as {
    ok: boolean;
    result?: JsonValue;
    error?: { code: string; message: string };
    provider: string;
    durationMs: number;
    charged: number;
  };
  const uses = usesByRun.get(context) ?? [];
  uses.push({
    tool,
    ok: answer.ok,
    provider: answer.provider,
    durationMs: answer.durationMs,
    charged: answer.charged,
  });
  usesByRun.set(context, uses);
  const value = fromJson((answer.ok ? answer.result : { error: answer.error ?? null }) ?? null);
  if (shown(show))
    context.print(
      answer.ok
        ? formatLiteral(value, context.limits.stringLength)
        : `${tool} failed: ${answer.error?.code} ${answer.error?.message}`,
    );
  return value;
});

const trace = defineBuiltin('trace', [0, 1], ([show], context) => {
  const uses = usesByRun.get(context) ?? [];
  if (shown(show)) {
    if (uses.length === 0) context.print('nothing ran yet');
    uses.forEach((entry, index) => {
      context.print(
        `${index + 1}. ${entry.tool} ${entry.ok ? 'ok' : 'failed'} via ${entry.provider} in ${entry.durationMs} ms, charged ${entry.charged}`,
      );
    });
  }
  return fromJson(uses as unknown as JsonValue);
});

/** `USE <system>.<fn> <args>`: the tool id written bare, then one expression (a JSON-like map). */
function useOperands(parser: ScriptParser): Expression[] {
  const id = bareToolId(parser);
  if (parser.atLineEnd() || parser.isPunct('->')) return [id];
  return [id, parser.parseExpression()];
}

/** A tool id such as `activity-pages.generatePage`: names, dots and dashes, written together. */
function bareToolId(parser: ScriptParser): Expression {
  const first = parser.peek();
  if (first.kind === 'string') return parser.parseExpression();
  let text = '';
  let previous = first;
  while (!parser.atLineEnd()) {
    const token = parser.peek();
    if (text !== '' && (token.line !== previous.endLine || token.column !== previous.endColumn)) break;
    if (
      token.kind !== 'name' &&
      !(token.kind === 'punct' && (token.text === '.' || token.text === '-')) &&
      token.kind !== 'number'
    )
      break;
    text += parser.next().text;
    previous = token;
  }
  if (text === '') parser.expected('a tool id such as activity-pages.generatePage', first);
  return { kind: 'string', value: text, span: parser.spanFrom(first) };
}

/**
 * `EACH <t> IN <list> USE <tool> <args> -> var` ≡ `let var = map(list, fn(t) let item = t
 * return use(tool, args) end)`: the element is both `t` and `item`.
 */
const eachBlock: BlockVerb = {
  keyword: 'EACH',
  parse(parser, start) {
    const item = parser.expectName('a name after EACH').text;
    parser.expectKeyword('in');
    const list = parser.parseExpression();
    parser.expectKeyword('use');
    const [tool, args] = useOperands(parser) as [Expression, Expression | undefined];
    let target: string | undefined;
    if (parser.matchPunct('->')) target = parser.expectName('a variable name after "->"').text;
    const span = parser.spanFrom(start);
    const call = callOf(
      'use',
      [tool, args ?? { kind: 'map', entries: [], span }, { kind: 'boolean', value: !target, span }],
      span,
    );
    // `item` names the element too, as the design sheet writes it: EACH t IN topics USE …
    // {"topic": "{{item.name}}"}; the loop variable's own name works as well.
    const body: LmxStatement[] = [
      ...(item === 'item'
        ? []
        : [{ kind: 'let', name: 'item', value: { kind: 'name', name: item, span }, span } as const]),
      { kind: 'return', value: call, span },
    ];
    const mapped = callOf(
      'map',
      [list, { kind: 'extension', name: 'lambda', children: [], data: { params: [item], body }, span }],
      span,
    );
    return target
      ? { kind: 'let', name: target, value: mapped, span }
      : { kind: 'expression', expression: mapped, span };
  },
};

/**
 * `lma`, call any tool the install has through the `tools` bridge — verbs resolved live:
 * `PLANES`, `DISCOVER <text>`, `DESCRIBE <system>.<fn>`, `USE <system>.<fn> <args> -> var`,
 * `EACH <item> IN <list> USE … -> var` (strings take `{{input}}` and `{{item.field}}`
 * templates), and `TRACE` (what ran, in order, the provider that served it, its duration and
 * charge). Each `USE` is charged to the tool's `tool:` meter target; 50 calls per run.
 *
 * @example
 * lmaLanguage.compile('USE activity-pages.generatePage {"kind": "maze"} -> page').diagnostics; // []
 */
export const lmaLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lma',
  title: 'Tools',
  summary: 'Call any tool the install has: PLANES, DISCOVER, DESCRIBE, USE, EACH … USE, TRACE',
  bridges: ['tools'],
  verbs: [
    { keyword: 'PLANES', builtin: 'planes', operands: () => [], answers: true, arity: 0 },
    {
      keyword: 'DISCOVER',
      builtin: 'discover',
      operands: (parser) => [bareTextOperand(parser, 'what to look for after DISCOVER')],
      answers: true,
      arity: 1,
    },
    {
      keyword: 'DESCRIBE',
      builtin: 'describe',
      operands: (parser) => [bareToolId(parser)],
      answers: true,
      arity: 1,
    },
    { keyword: 'USE', builtin: 'use', operands: useOperands, answers: true, arity: 2 },
    { keyword: 'TRACE', builtin: 'trace', operands: () => [], answers: true, arity: 0 },
  ],
  blocks: [eachBlock],
  builtins: [planes, discover, describe, use, trace],
});
