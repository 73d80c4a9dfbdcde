import type { LanguageDefinition } from '../../language.js';
import { compileLmx } from './lmx-compiler.js';
import { parseLmx } from './lmx-parser.js';

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
    const parsed = parseLmx(source);
    if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics };
    const { program, diagnostics } = compileLmx(parsed.statements);
    return diagnostics.length > 0 ? { diagnostics } : { program, diagnostics: [] };
  },
};
