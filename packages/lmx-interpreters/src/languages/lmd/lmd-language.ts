import { expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson } from '../../core/convert.js';
import { isTruthy } from '../../core/values.js';
import type { LanguageDefinition } from '../../language.js';
import type { HostWindow } from '../../ports/host-bridge.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { expressionOperands } from '../verbs/verb-statements.js';

function describeWindow(window: HostWindow): string {
  return `${window.id} "${window.title}" ${window.width}x${window.height}+${window.x}+${window.y}`;
}

const windows = defineBuiltin('windows', [0, 1], ([show], context) => {
  const list = context.callBridge('host', 'windows', {}) as HostWindow[];
  if (show !== undefined && isTruthy(show)) {
    if (list.length === 0) context.print('no windows');
    for (const window of list) context.print(describeWindow(window));
  }
  return fromJson(list as never);
});

const focus = defineBuiltin('focus', [1, 2], ([title, show], context) => {
  const window = context.callBridge('host', 'focus', { title: expectString(title, 'focus') }) as HostWindow;
  if (show !== undefined && isTruthy(show)) context.print(`focused ${describeWindow(window)}`);
  return fromJson(window as never);
});

/** Screenshots taken by each run, for default file names (per run, never shared between runs). */
const screenshotsTaken = new WeakMap<object, number>();

const screenshot = defineBuiltin('screenshot', [0, 2], ([name, show], context) => {
  const count = (screenshotsTaken.get(context) ?? 0) + 1;
  screenshotsTaken.set(context, count);
  const file =
    name === undefined || name === null ? `screenshot-${count}.png` : expectString(name, 'screenshot');
  const shot = context.callBridge('host', 'screenshot', { name: file }) as { file: string; bytes: number };
  if (show !== undefined && isTruthy(show)) context.print(`screenshot ${shot.file} (${shot.bytes} bytes)`);
  return fromJson(shot as never);
});

/**
 * `lmd`, desktop windows on the X display: lmx plus `WINDOWS [-> list]`, `FOCUS "<title>"`,
 * `SCREENSHOT ["name.png"] [-> shot]`. Host mode: an admin with `SVC_LMX_HOST_MODES` only.
 *
 * @example
 * ```ts
 * lmdLanguage.compile('WINDOWS').diagnostics; // []
 * ```
 */
export const lmdLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lmd',
  title: 'Desktop',
  summary: 'Desktop windows on the X display: WINDOWS, FOCUS "<title>", SCREENSHOT -> file',
  bridges: ['host'],
  verbs: [
    { keyword: 'WINDOWS', builtin: 'windows', operands: expressionOperands(0), answers: true, arity: 0 },
    { keyword: 'FOCUS', builtin: 'focus', operands: expressionOperands(1), answers: true, arity: 1 },
    {
      keyword: 'SCREENSHOT',
      builtin: 'screenshot',
      operands: expressionOperands(1, 0),
      answers: true,
      arity: 1,
    },
  ],
  builtins: [windows, focus, screenshot],
});
