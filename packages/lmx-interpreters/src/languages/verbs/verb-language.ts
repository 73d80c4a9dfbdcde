import type { BuiltinRegistry } from '../../core/builtins/builtin-registry.js';
import { createBuiltinRegistry } from '../../core/builtins/builtin-registry.js';
import { CORE_BUILTINS } from '../../core/builtins/core-builtins.js';
import type { RunContext } from '../../core/run-context.js';
import type { NativeFunction } from '../../core/values.js';
import type { LanguageDefinition, LanguageId } from '../../language.js';
import type { BridgeName } from '../../ports/bridge-name.js';
import { checkLmx } from '../lmx/lmx-check.js';
import {
  BARE_WORD,
  type BlockVerb,
  compileBareWord,
  createVerbExtension,
  type StatementVerb,
} from './verb-statements.js';

/** What a language built on lmx adds: its statement verbs, block statements and builtins. */
export interface VerbLanguageOptions {
  id: LanguageId;
  title: string;
  summary: string;
  bridges: readonly BridgeName[];
  verbs: readonly StatementVerb[];
  blocks?: readonly BlockVerb[];
  builtins: readonly NativeFunction[];
  /** Runs after the script's last statement (lmt: the `AFTER` blocks still pending). */
  finish?: (context: RunContext) => void;
}

/**
 * Builds a language as lmx plus its own verbs (the host modes, lma, lmi, lmai): every lmx statement (`let`, `if`, `for`, `fn`,
 * `print`…) works, and each verb is also a builtin callable in expressions.
 *
 * @example
 * ```ts
 * export const lmsLanguage = createVerbLanguage({ id: 'lms', title: 'Shell', summary: '…', bridges: ['host'], verbs: [runVerb], builtins: [run] });
 * ```
 */
export function createVerbLanguage(options: VerbLanguageOptions): LanguageDefinition {
  const extension = createVerbExtension(options.verbs, options.blocks ?? []);
  const builtins: BuiltinRegistry = createBuiltinRegistry(CORE_BUILTINS, options.builtins);
  return {
    id: options.id,
    title: options.title,
    summary: options.summary,
    bridges: options.bridges,
    compile(source) {
      const { program, diagnostics } = checkLmx(source, {
        extension,
        builtins,
        extensions: { [BARE_WORD]: compileBareWord },
      });
      const finish = options.finish;
      if (!program || !finish) return program ? { program, diagnostics } : { diagnostics };
      return {
        program: {
          run(context) {
            const value = program.run(context);
            finish(context);
            return value;
          },
        },
        diagnostics,
      };
    },
  };
}
