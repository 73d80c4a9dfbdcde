import { expectInteger, expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import type { LanguageDefinition } from '../../language.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { bareTextOperand, expressionOperands } from '../verbs/verb-statements.js';

const typeText = defineBuiltin('type_text', [1, 2], ([text], context) => {
  context.callBridge('host', 'type', { text: expectString(text, 'type_text') });
  return null;
});

const key = defineBuiltin('key', [1, 2], ([combo], context) => {
  context.callBridge('host', 'key', { combo: expectString(combo, 'key') });
  return null;
});

function readButton(value: unknown): 1 | 2 | 3 {
  const button = value === null || value === undefined ? 1 : expectInteger(value as never, 'click', 3);
  if (button !== 1 && button !== 2 && button !== 3) return 1;
  return button;
}

const click = defineBuiltin('click', [2, 4], ([x, y, button], context) => {
  context.callBridge('host', 'pointer', {
    x: expectInteger(x, 'click', 1),
    y: expectInteger(y, 'click', 2),
    button: readButton(button),
  });
  return null;
});

const move = defineBuiltin('move', [2, 3], ([x, y], context) => {
  context.callBridge('host', 'pointer', { x: expectInteger(x, 'move', 1), y: expectInteger(y, 'move', 2) });
  return null;
});

/**
 * `lmk`, keyboard and pointer input on the X display: lmx plus `TYPE "text"`, `KEY ctrl+s`,
 * `CLICK x y [button]`, `MOVE x y`. Host mode: an admin with `SVC_LMX_HOST_MODES` only.
 *
 * @example
 * ```ts
 * lmkLanguage.compile('TYPE "hello"\nKEY Return').diagnostics; // []
 * ```
 */
export const lmkLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lmk',
  title: 'Keyboard',
  summary: 'Keyboard and pointer input on the X display: TYPE, KEY, CLICK x y, MOVE x y',
  bridges: ['host'],
  verbs: [
    { keyword: 'TYPE', builtin: 'type_text', operands: expressionOperands(1), answers: false, arity: 1 },
    {
      keyword: 'KEY',
      builtin: 'key',
      operands: (parser) => [bareTextOperand(parser, 'a key such as Return or ctrl+s')],
      answers: false,
      arity: 1,
    },
    { keyword: 'CLICK', builtin: 'click', operands: expressionOperands(3, 2), answers: false, arity: 3 },
    { keyword: 'MOVE', builtin: 'move', operands: expressionOperands(2), answers: false, arity: 2 },
  ],
  builtins: [typeText, key, click, move],
});
