import { ActivityError, type ActivityIssue } from '../errors.js';
import type { PuzzleKind } from '../kinds/kind.js';
import { findKind, KINDS } from '../kinds/registry.js';

/** A page checked against its kind and ready to draw. */
export interface CheckedPage {
  kind: PuzzleKind;
  doc: Record<string, unknown>;
}

function checkDoc(kind: PuzzleKind, doc: unknown): ActivityIssue[] {
  try {
    return kind.validate(doc);
  } catch (error) {
    // validate must never throw; if it does, the doc is unreadable rather than the caller's bug.
    const reason = error instanceof Error ? error.message : String(error);
    return [{ code: 'ACT_INVALID_PAGE', message: `The page could not be read: ${reason}`, path: '' }];
  }
}

/**
 * Finds a page's kind and validates its doc with the kind's `validate`, so nothing invalid is
 * ever drawn. Throws `ACT_UNKNOWN_KIND`, or `ACT_INVALID_PAGE` with every issue; `at` prefixes
 * messages and issue paths (a book passes `/pages/3`).
 *
 * @example
 * const { kind, doc } = readPage({ kind: 'maze', doc: page.doc });
 */
export function readPage(args: { kind: unknown; doc: unknown; at?: string }): CheckedPage {
  const at = args.at ?? '';
  const where = at === '' ? '' : ` (${at})`;
  const kind = findKind(args.kind);
  if (!kind) {
    const message = `Unknown kind${where}; known kinds: ${KINDS.map((k) => k.name).join(', ')}.`;
    throw new ActivityError('ACT_UNKNOWN_KIND', message, {
      issues: [{ code: 'ACT_UNKNOWN_KIND', message, path: `${at}/kind` }],
    });
  }
  const issues = checkDoc(kind, args.doc);
  if (issues.length > 0 || typeof args.doc !== 'object' || args.doc === null) {
    const found =
      issues.length > 0
        ? issues
        : [{ code: 'ACT_INVALID_PAGE', message: 'doc must be an object.', path: '' }];
    const located = found.map((issue) => ({ ...issue, path: `${at}/doc${issue.path}` }));
    const message = `Invalid ${kind.name} page${where}: ${located.map((i) => i.message).join(' ')}`;
    throw new ActivityError('ACT_INVALID_PAGE', message, { issues: located });
  }
  return { kind, doc: args.doc as Record<string, unknown> };
}
