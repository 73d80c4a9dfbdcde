import { DocsError } from '../errors.js';
import type { Page } from '../types.js';
import { compileLineMatcher, type LineMatcher } from './grep-matcher.js';

/** Arguments of a grep over the pages. */
export interface GrepArgs {
  pattern: string;
  /** Treat `pattern` as a regular expression (default: an exact substring). */
  regex?: boolean;
  caseSensitive?: boolean;
  /** Only this page. */
  page?: string;
  /** Matching lines returned; 50 by default, at most 500. */
  limit?: number;
}

/** A grep's matching lines (1-based line numbers in the page body) and whether a bound stopped it early. */
export interface GrepResult {
  pattern: string;
  regex: boolean;
  matches: Array<{ pageId: string; line: number; text: string }>;
  truncated: false | 'limit' | 'time';
}

/** Longest pattern accepted. */
export const MAX_GREP_PATTERN = 200;
/** Lines are cut to this many characters before matching, which bounds every single match. */
export const MAX_GREP_LINE = 2000;
/** A grep stops (and says so) after this many milliseconds of matching, checked after every line. */
export const GREP_TIME_BUDGET_MS = 200;

/**
 * Searches page bodies line by line for a substring or a regular expression, bounded: the
 * pattern's length, linear-time matching (RE2 semantics, see {@link compileLineMatcher}), a
 * line-length cap, a result limit and a time budget (measured with the injected clock after
 * every line).
 *
 * @example
 * grepPages(pages, { pattern: 'svc docs build' }, Date.now).matches[0]; // { pageId: 'docs-reader', line: 12, text: '…' }
 */
export function grepPages(pages: readonly Page[], args: GrepArgs, now: () => number): GrepResult {
  if (typeof args.pattern !== 'string' || args.pattern.length === 0) {
    throw new DocsError('DOCS_INVALID_ARGUMENT', 'grep needs a non-empty pattern.');
  }
  if (args.pattern.length > MAX_GREP_PATTERN) {
    throw new DocsError(
      'DOCS_PATTERN_REJECTED',
      `The pattern is longer than ${MAX_GREP_PATTERN} characters.`,
    );
  }
  const regex = args.regex === true;
  let matcher: LineMatcher;
  if (regex) {
    matcher = compileLineMatcher(args.pattern, args.caseSensitive === true);
  } else {
    const needle = args.caseSensitive ? args.pattern : args.pattern.toLowerCase();
    matcher = args.caseSensitive
      ? (line) => line.includes(needle)
      : (line) => line.toLowerCase().includes(needle);
  }
  const limit = Math.min(500, Math.max(1, Math.floor(args.limit ?? 50)));
  const selected = args.page === undefined ? pages : pages.filter((page) => page.id === args.page);
  const started = now();
  const matches: GrepResult['matches'] = [];
  for (const page of selected) {
    const lines = page.body.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = (lines[index] as string).slice(0, MAX_GREP_LINE);
      if (matcher(line)) {
        if (matches.length === limit) return { pattern: args.pattern, regex, matches, truncated: 'limit' };
        matches.push({
          pageId: page.id,
          line: index + 1,
          text: line.length > 300 ? `${line.slice(0, 300)}…` : line,
        });
      }
      if (now() - started > GREP_TIME_BUDGET_MS) {
        return { pattern: args.pattern, regex, matches, truncated: 'time' };
      }
    }
  }
  return { pattern: args.pattern, regex, matches, truncated: false };
}
