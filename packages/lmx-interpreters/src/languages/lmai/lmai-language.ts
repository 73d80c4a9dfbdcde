import type { Expression } from '../../core/ast.js';
import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson, type JsonValue, toJson } from '../../core/convert.js';
import type { RunContext } from '../../core/run-context.js';
import type { ScriptParser } from '../../core/script-parser.js';
import { isTruthy, ScriptMap } from '../../core/values.js';
import { ScriptFault } from '../../errors.js';
import type { LanguageDefinition } from '../../language.js';
import { printLines } from '../verbs/print-lines.js';
import { createVerbLanguage } from '../verbs/verb-language.js';

/** The system prompt of each run (`SYSTEM "…"`), kept in the run's own worker. */
const systemByRun = new WeakMap<RunContext, string>();

const system = defineBuiltin('system', [1, 2], ([text], context) => {
  systemByRun.set(context, expectString(text, 'system'));
  return null;
});

const ask = defineBuiltin('ask', [2, 4], ([model, prompt, schema, show], context) => {
  const system = systemByRun.get(context);
  const answer = context.callBridge('ai', 'ask', {
    model: model === null || model === undefined ? 'auto' : expectString(model, 'ask'),
    prompt: expectString(prompt, 'ask', 2),
    ...(system ? { system } : {}),
    ...(schema === null || schema === undefined ? {} : { schema: toJson(schema) }),
  }) as { text: string; json?: JsonValue; usage: { stub: boolean; tokens: number }; model?: string };
  if (show !== undefined && isTruthy(show)) printLines(context, answer.text);
  const wantsJson = schema !== null && schema !== undefined;
  const reply = fromJson((wantsJson ? { ...answer, json: jsonOf(answer) } : answer) as unknown as JsonValue);
  return reply instanceof ScriptMap ? reply : new ScriptMap([['text', answer.text]]);
});

/**
 * The `json` field of a reply asked `JSON <schema>`: what the bridge parsed, else the text
 * parsed here; `null` from the echo stub (it answers no JSON: scripts branch on
 * `reply.usage.stub`); a model's answer that is not JSON is an error, never a silent null.
 */
function jsonOf(answer: { text: string; json?: JsonValue; usage: { stub: boolean } }): JsonValue {
  if (answer.json !== undefined) return answer.json;
  if (answer.usage.stub) return null;
  try {
    return JSON.parse(answer.text) as JsonValue;
  } catch {
    const shown = answer.text.length > 80 ? `${answer.text.slice(0, 80)}…` : answer.text;
    throw new ScriptFault(
      'E_RUNTIME',
      `ASK … JSON: the model's answer is not JSON: ${JSON.stringify(shown)}`,
    );
  }
}

/** `ASK [model] "<prompt>" [JSON <schema>]`: a bare model word (`auto`, `openai/gpt-4o-mini`) is optional. */
function askOperands(parser: ScriptParser): Expression[] {
  const first = parser.peek();
  let model: Expression = {
    kind: 'null',
    span: { line: first.line, column: first.column, endLine: first.line, endColumn: first.column },
  };
  if (first.kind === 'name') {
    let text = '';
    while (!parser.atLineEnd() && parser.peek().kind !== 'string') text += parser.next().text;
    model = { kind: 'string', value: text, span: parser.spanFrom(first) };
  }
  const prompt = parser.parseExpression();
  const operands: Expression[] = [model, prompt];
  if (parser.matchKeyword('json')) operands.push(parser.parseExpression());
  return operands;
}

/**
 * `lmai`, drive a language model through the `ai` bridge: `SYSTEM "…"`, `ASK [model] "…"
 * [JSON <schema>] -> reply`. A reply is `{ text, json?, usage: { stub, tokens }, model }`;
 * `auto` falls back to the echo stub (`usage.stub` true, `tokens` 0) when no model is
 * configured, so scripts branch on `reply.usage.stub`. 20 calls and 60 s per run.
 *
 * @example
 * lmaiLanguage.compile('ASK auto "Three names for a bakery" -> names\nprint names.text').diagnostics; // []
 */
export const lmaiLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lmai',
  title: 'AI',
  summary: 'Drive a language model: SYSTEM "…", ASK [model] "…" [JSON schema] -> reply',
  bridges: ['ai'],
  verbs: [
    {
      keyword: 'SYSTEM',
      builtin: 'system',
      operands: (parser) => [parser.parseExpression()],
      answers: false,
      arity: 1,
    },
    { keyword: 'ASK', builtin: 'ask', operands: askOperands, answers: true, arity: 3 },
  ],
  builtins: [system, ask],
});
