import { ScriptFault } from '../../errors.js';
import { findNonFiniteNumber, fromJson, nonFiniteFault, toJson } from '../convert.js';
import { stringLimitFault } from '../limit-faults.js';
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
  // The JSON text is measured while converting, so an oversized one is never written.
  defineBuiltin('json', [1, 1], ([value], context) => {
    const limit = context.limits.stringLength;
    return JSON.stringify(toJson(value ?? null, { maxChars: limit, fault: () => stringLimitFault(limit) }));
  }),
  defineBuiltin('parse_json', [1, 1], ([text], context) => {
    const source = context.checkString(expectString(text, 'parse_json'));
    let data: unknown;
    try {
      data = JSON.parse(source);
    } catch {
      throw new ScriptFault('E_RUNTIME', 'parse_json got text that is not JSON');
    }
    // JSON.parse reads 1e999 as Infinity: out of range here, as a literal would be.
    const where = findNonFiniteNumber(data);
    if (where !== undefined) throw nonFiniteFault('E_RUNTIME', 'parse_json: the text', where);
    return fromJson(data);
  }),
];
