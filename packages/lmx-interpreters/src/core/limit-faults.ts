import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';

/**
 * The fault of a string that would pass the run's string limit (`E_LIMIT_STRING`). Every
 * place that builds text raises this one, before it builds the text.
 *
 * @example
 * ```ts
 * throw stringLimitFault(context.limits.stringLength, span);
 * ```
 */
export function stringLimitFault(limit: number, span?: Span): ScriptFault {
  return new ScriptFault('E_LIMIT_STRING', `a string would be longer than ${limit} characters`, span);
}

/**
 * The fault of data that would leave the run larger than `valueChars` characters of JSON
 * (`E_LIMIT_VALUE`): the run's value, or the arguments of one bridge call.
 *
 * @example
 * ```ts
 * throw valueLimitFault(context.limits.valueChars, 'the run\'s value');
 * ```
 */
export function valueLimitFault(limit: number, what: string, span?: Span): ScriptFault {
  return new ScriptFault('E_LIMIT_VALUE', `${what} would be longer than ${limit} characters as JSON`, span);
}
