import { isActivityError } from '@svc/activity-core';
import { EXIT_FAILURE, EXIT_USAGE } from '../../cli-io.js';
import type { CommandContext } from '../command.js';

/**
 * Reports an activity-core error on stderr, one line per issue, and returns the exit code:
 * 1 for a page that fails validation, 2 for bad input or options. Other errors are rethrown.
 *
 * @example
 * try { … } catch (error) { return reportActivityError(error, context); }
 */
export function reportActivityError(error: unknown, context: CommandContext, label?: string): number {
  if (!isActivityError(error)) throw error;
  const where = label ? `${label}: ` : '';
  context.err.line(`${context.name}: ${context.err.style.red(`${where}${error.message}`)}`);
  for (const issue of error.issues) {
    if (error.issues.length > 1 || issue.message !== error.message) {
      context.err.line(`  ${issue.path || '/'}  ${issue.code}  ${issue.message}`);
    }
  }
  return error.code === 'ACT_INVALID_PAGE' ? EXIT_FAILURE : EXIT_USAGE;
}

/**
 * Parses a page file's JSON: a generated page `{ kind, doc, … }`. The problem text when it is not one.
 *
 * @example
 * const page = parsePage(text); // { kind: 'sudoku', doc: { … } }
 */
export function parsePage(text: string): { kind: string; doc: Record<string, unknown> } | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'expected a page object { kind, doc }';
  const page = value as Record<string, unknown>;
  if (typeof page.kind !== 'string') return 'the page has no "kind"';
  if (typeof page.doc !== 'object' || page.doc === null || Array.isArray(page.doc))
    return 'the page has no "doc" object';
  return { kind: page.kind, doc: page.doc as Record<string, unknown> };
}
