import { findUnsupportedRegexSyntax } from '@svc/docs-reader';
import { RE2JS } from 're2js';

/** What Ajv's `code.regExp` option takes: `(pattern, flags) => { test }`, named by `code`. */
export interface LinearRegExpEngine {
  (pattern: string, flags: string): { test(text: string): boolean };
  code: string;
}

/**
 * Compiles a JSON Schema `pattern` with RE2 semantics (`re2js`, a pure-JavaScript port): its
 * `test` takes time linear in the text whatever the pattern (`^(a+)+$` costs what `^a+$` does).
 * JavaScript spellings RE2 lacks (`\u0041`, `(?<name>…)`, `[^]`) are translated; what RE2 cannot
 * express at all (lookaround, backreferences, a repetition count over 1000) throws an `Error`
 * saying so, which Ajv reports as the schema failing to compile. Matching is always Unicode-aware,
 * as Ajv's `u` flag asks.
 *
 * @example
 * const ajv = new Ajv({ code: { regExp: linearRegExp } });
 */
export const linearRegExp: LinearRegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const unsupported = findUnsupportedRegexSyntax(pattern);
    if (unsupported !== undefined) {
      throw new Error(
        `pattern ${JSON.stringify(pattern)} uses ${unsupported}, which linear-time matching (RE2 syntax) does not support`,
      );
    }
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (error) {
      const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
      throw new Error(`pattern ${JSON.stringify(pattern)} is not valid RE2 syntax: ${reason}`);
    }
    return {
      test: (text: string) => compiled.test(text),
      // Ajv keys compiled patterns by this text: it must differ per pattern.
      toString: () => `/${pattern}/${flags} (RE2)`,
    };
  },
  { code: 'linearRegExp' },
);
