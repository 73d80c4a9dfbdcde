import { ScriptFault } from '../../errors.js';
import { fromJson, toJson } from '../convert.js';
import { type NativeFunction, typeOfValue } from '../values.js';
import { expectString } from './arguments.js';
import { defineBuiltin } from './builtin-registry.js';

/**
 * Value builtins: `type(x)`, `json(x)` (to JSON text), `parse_json(text)`.
 *
 * @example
 * ```ts
 * createBuiltinRegistry(VALUE_BUILTINS).get('type');
 * ```
 */
export const VALUE_BUILTINS: readonly NativeFunction[] = [
  defineBuiltin('type', [1, 1], ([value]) => typeOfValue(value ?? null)),
  defineBuiltin('json', [1, 1], ([value], context) =>
    context.checkString(JSON.stringify(toJson(value ?? null))),
  ),
  defineBuiltin('parse_json', [1, 1], ([text], context) => {
    const source = context.checkString(expectString(text, 'parse_json'));
    let data: unknown;
    try {
      data = JSON.parse(source);
    } catch {
      throw new ScriptFault('E_RUNTIME', 'parse_json got text that is not JSON');
    }
    return fromJson(data);
  }),
];
