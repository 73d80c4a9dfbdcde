import type { Expression, TemplateSegment } from '../../core/ast.js';
import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson } from '../../core/convert.js';
import type { ScriptParser } from '../../core/script-parser.js';
import { isTruthy, ScriptMap } from '../../core/values.js';
import type { LanguageDefinition } from '../../language.js';
import type { HostCommandAnswer } from '../../ports/host-bridge.js';
import { printLines } from '../verbs/print-lines.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { callOf } from '../verbs/verb-statements.js';

/**
 * `run(command)`: runs a command line through the host bridge — split into arguments, never
 * through a shell — and answers `{ exitCode, signal, stdout, stderr, timedOut, truncated,
 * durationMs }`. As the statement `RUN "…"` without a target it prints stdout, stderr lines
 * prefixed `stderr: `, and how the command ended when that was not exit 0.
 */
const run = defineBuiltin('run', [1, 2], ([command, show], context) => {
  const line = expectString(command, 'run');
  const answer = context.callBridge('host', 'run', { command: line }) as HostCommandAnswer;
  if (show !== undefined && isTruthy(show)) {
    printLines(context, answer.stdout);
    printLines(context, answer.stderr, 'stderr: ');
    if (answer.timedOut) context.print('timed out (the command and its process group were killed)');
    else if (answer.exitCode === null) context.print(`killed by ${answer.signal ?? 'a signal'}`);
    else if (answer.exitCode !== 0) context.print(`exit ${answer.exitCode}`);
    if (answer.truncated) context.print('(output truncated)');
  }
  const value = fromJson(answer as never);
  return value instanceof ScriptMap ? value : new ScriptMap();
});

/** Quote state of a command line after `text`, read as the host's splitter reads it. */
type QuoteState = 'none' | 'single' | 'double';

function quoteStateAfter(text: string, state: QuoteState): QuoteState {
  let current = state;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (current === 'single') {
      if (char === "'") current = 'none';
    } else if (current === 'double') {
      if (char === '\\') index++;
      else if (char === '"') current = 'none';
    } else if (char === '\\') index++;
    else if (char === "'") current = 'single';
    else if (char === '"') current = 'double';
  }
  return current;
}

/**
 * A template value written into a command so that it stays one argument, whatever blanks or
 * quotes it holds: outside quotes it is single-quoted (`'` as `'\''`); inside `'…'` its quotes
 * close and reopen; inside `"…"` its `"` and `\\` are escaped.
 */
export function quoteCommandValue(text: string, state: QuoteState): string {
  if (state === 'single') return text.replaceAll("'", "'\\''");
  if (state === 'double') return text.replaceAll(/["\\]/g, (char) => `\\${char}`);
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const quoteValue = defineBuiltin('quote_argument', [1, 2], ([value, state], context) => {
  const text = typeof value === 'string' ? value : context.format(value ?? null);
  const where = state === 'single' || state === 'double' ? state : 'none';
  return quoteCommandValue(text, where);
});

/**
 * `RUN`'s command operand: in a template, each `{{…}}` value is quoted for where it stands, so
 * one value stays one argument (`RUN "grep {{pattern}} notes.txt"` with a pattern holding a
 * blank passes the pattern whole — never as two arguments).
 */
function commandOperands(parser: ScriptParser): Expression[] {
  const command = parser.parseExpression();
  if (command.kind !== 'template') return [command];
  let state: QuoteState = 'none';
  const segments: TemplateSegment[] = command.segments.map((segment) => {
    if (segment.kind === 'text') {
      state = quoteStateAfter(segment.text, state);
      return segment;
    }
    const span = segment.expression.span;
    return {
      kind: 'expression',
      expression: callOf(
        'quote_argument',
        [segment.expression, { kind: 'string', value: state, span }],
        span,
      ),
    };
  });
  return [{ ...command, segments }];
}

/**
 * `lms`, shell: lmx plus `RUN "<command>" [-> out]`. Host mode: an admin with
 * `SVC_LMX_HOST_MODES` only.
 *
 * @example
 * ```ts
 * lmsLanguage.compile('RUN "uname -s" -> u\nprint u.exitCode').diagnostics; // []
 * ```
 */
export const lmsLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lms',
  title: 'Shell',
  summary: 'Run commands on the host, without a shell, time-bounded: RUN "<command>" -> out',
  bridges: ['host'],
  verbs: [{ keyword: 'RUN', builtin: 'run', operands: commandOperands, answers: true, arity: 1 }],
  builtins: [run, quoteValue],
});
