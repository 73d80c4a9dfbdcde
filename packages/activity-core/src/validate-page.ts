import type { ActivityIssue } from './errors.js';
import { findKind, KINDS } from './kinds/registry.js';

/**
 * Checks that a page is well-formed and consistent (for example: a sudoku's givens agree with
 * its solution and admit only that solution). Never throws.
 *
 * @example
 * validatePage({ kind: page.kind, doc: page.doc }); // { ok: true, errors: [] }
 */
export function validatePage(args: { kind: string; doc: unknown }): { ok: boolean; errors: ActivityIssue[] } {
  const kind = findKind(args?.kind);
  if (!kind) {
    return {
      ok: false,
      errors: [
        {
          code: 'ACT_UNKNOWN_KIND',
          message: `Unknown kind; known kinds: ${KINDS.map((k) => k.name).join(', ')}.`,
          path: '/kind',
        },
      ],
    };
  }
  let errors: ActivityIssue[];
  try {
    errors = kind.validate(args.doc);
  } catch (error) {
    errors = [
      {
        code: 'ACT_INVALID_PAGE',
        message: `The page could not be read: ${error instanceof Error ? error.message : String(error)}`,
        path: '',
      },
    ];
  }
  return { ok: errors.length === 0, errors };
}
