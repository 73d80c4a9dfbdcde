import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson } from '../../core/convert.js';
import { isTruthy, ScriptMap } from '../../core/values.js';
import type { LanguageDefinition } from '../../language.js';
import type { HostCommandAnswer } from '../../ports/host-bridge.js';
import { printLines } from '../verbs/print-lines.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { expressionOperands } from '../verbs/verb-statements.js';

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
  verbs: [{ keyword: 'RUN', builtin: 'run', operands: expressionOperands(1), answers: true, arity: 1 }],
  builtins: [run],
});
