import { RE2JS } from 're2js';
import { DocsError } from '../errors.js';

/** Tests one line of text. */
export type LineMatcher = (line: string) => boolean;

/**
 * What RE2 cannot express, found by a scan of a JavaScript pattern (escapes and character classes
 * skipped): `'backreferences'`, `'lookahead'` or `'lookbehind'`, for an error message; undefined
 * when RE2 may compile it. Shared by every place that runs outside patterns with RE2 semantics.
 *
 * @example
 * findUnsupportedRegexSyntax('(a)\\1'); // 'backreferences'
 * findUnsupportedRegexSyntax('^(a+)+$'); // undefined
 */
export function findUnsupportedRegexSyntax(pattern: string): string | undefined {
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[index + 2] === '<')))
        return 'backreferences';
      index++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[index + 1] === '?') {
      const kind = pattern.slice(index + 2, index + 4);
      if (kind.startsWith('=') || kind.startsWith('!')) return 'lookahead';
      if (kind === '<=' || kind === '<!') return 'lookbehind';
    }
  }
  return undefined;
}

/**
 * Compiles a grep pattern for RE2 (`re2js`, a pure-JavaScript port), whose matching takes time
 * linear in the line whatever the pattern: no backtracking, so `(a+)+$` or `.*.*.*.*x` cost what
 * `a+$` does. JavaScript spellings RE2 lacks (`\u0041`, `(?<name>…)`, `[^]`, `\cA`) are
 * translated. What RE2 cannot express at all — backreferences, lookaround, a repetition count
 * over 1000 — is `DOCS_PATTERN_REJECTED` with the reason; text that is no regular expression in
 * either dialect is `DOCS_INVALID_ARGUMENT`.
 *
 * @example
 * const matches = compileLineMatcher('^\\| (free|pro) \\|', false);
 * matches('| free | 60 |'); // true
 */
export function compileLineMatcher(pattern: string, caseSensitive: boolean): LineMatcher {
  const unsupported = findUnsupportedRegexSyntax(pattern);
  if (unsupported !== undefined) {
    throw new DocsError(
      'DOCS_PATTERN_REJECTED',
      `The pattern uses ${unsupported}, which linear-time matching (RE2 syntax) does not support; rewrite it without.`,
      { details: { pattern, reason: unsupported } },
    );
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    if (isJavaScriptRegExp(pattern)) {
      throw new DocsError(
        'DOCS_PATTERN_REJECTED',
        `The pattern is not supported by linear-time matching (RE2 syntax): ${reason}.`,
        { details: { pattern, reason } },
      );
    }
    throw new DocsError('DOCS_INVALID_ARGUMENT', `Not a valid regular expression: ${reason}.`, {
      details: { pattern, reason },
    });
  }
  return (line) => compiled.test(line);
}

// Only compiled, never run: parsing a pattern takes time linear in its length.
function isJavaScriptRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
