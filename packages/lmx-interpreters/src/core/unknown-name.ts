import type { BuiltinRegistry } from './builtins/builtin-registry.js';
import { BUILTIN_ALIASES, FOREIGN_WORD_HINTS } from './foreign-words.js';
import { suggestName } from './suggest-name.js';

/** What an unknown name may be compared with. */
export interface NameCandidates {
  /** Variables visible where the name stands. */
  inScope: readonly string[];
  /** The language's keywords and globals. */
  known: readonly string[];
  builtins: BuiltinRegistry;
}

/**
 * The explanation after `unknown name "x"`: a hint for a word of another language (`then`,
 * `elseif`), or " (did you mean "y"?)" over the names in scope, the language's known names,
 * `input`, the builtins and other languages' names for them (`length` -> `len`); empty when
 * nothing is close. A keyword is shown in the case the name was written in.
 *
 * @example
 * ```ts
 * explainUnknownName('lenght', { inScope: [], known: [], builtins }); // ' (did you mean "len"?)'
 * ```
 */
export function explainUnknownName(name: string, candidates: NameCandidates): string {
  if (Object.hasOwn(FOREIGN_WORD_HINTS, name)) return ` (${FOREIGN_WORD_HINTS[name]})`;
  const { builtins, known } = candidates;
  const aliases = Object.keys(BUILTIN_ALIASES).filter((alias) =>
    builtins.has(BUILTIN_ALIASES[alias] as string),
  );
  const suggestion = suggestName(name, [
    ...candidates.inScope,
    ...known,
    'input',
    ...builtins.keys(),
    ...aliases,
  ]);
  if (suggestion === undefined) return '';
  const real = Object.hasOwn(BUILTIN_ALIASES, suggestion)
    ? (BUILTIN_ALIASES[suggestion] as string)
    : suggestion;
  const shown = known.includes(real) && name === name.toUpperCase() ? real.toUpperCase() : real;
  return ` (did you mean "${shown}"?)`;
}
