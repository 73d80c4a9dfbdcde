import type { LanguageDefinition } from '../../language.js';
import { checkLmx } from './lmx-check.js';

/**
 * lmx, general logic: variables, `if/elif/else/end`, `while`, `for x in list`,
 * `fn … end`, `return`, `print`, and `adapter()` through the `adapters` bridge.
 *
 * @example
 * ```ts
 * lmxLanguage.compile('print 1 + 2').diagnostics; // []
 * ```
 */
export const lmxLanguage: LanguageDefinition = {
  id: 'lmx',
  title: 'Logic',
  summary: 'General logic: variables, if/else/end, while, for x in list, fn … end, return, print',
  bridges: ['adapters'],
  compile(source) {
    return checkLmx(source);
  },
};
