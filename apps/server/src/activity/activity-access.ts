import { listKinds } from '@svc/activity-core';
import type { RequestUser } from '@svc/gate';
import { GateError } from '@svc/gate';

/** The mark printed on pages and books for callers without a membership. */
export const PREVIEW_WATERMARK = 'Preview — svc free';

/**
 * Membership statuses that count as having a membership. Anything else (`none`, and whatever a
 * lapsed membership is called: `canceled`, `expired`, `past_due`…) prints the watermark, so a
 * status this list does not know fails towards the watermark, never towards a free clean copy.
 */
export const ACTIVE_MEMBERSHIP_STATUSES: readonly string[] = ['active', 'trialing'];

/**
 * The watermark for `user`'s prints and books: none for admins and active members,
 * {@link PREVIEW_WATERMARK} for everyone else (anonymous callers included).
 *
 * @example
 * printPage({ kind, doc, trim, watermark: readWatermark(request.user) });
 */
export function readWatermark(user: RequestUser | null): string | undefined {
  if (user?.isAdmin || (user && ACTIVE_MEMBERSHIP_STATUSES.includes(user.membership.status)))
    return undefined;
  return PREVIEW_WATERMARK;
}

const ACCOUNT_KINDS = new Set(listKinds().flatMap((kind) => (kind.requiresAccount ? [kind.kind] : [])));

/**
 * True for the kinds only signed-in callers may generate; false for those the seed opens to
 * anonymous callers (sudoku, wordsearch, maze) and for unknown kinds.
 *
 * @example
 * isAccountKind('crossword'); // true
 * isAccountKind('maze'); // false
 */
export function isAccountKind(kind: unknown): boolean {
  return typeof kind === 'string' && ACCOUNT_KINDS.has(kind);
}

/**
 * Throws `GATE_UNAUTHENTICATED` when `kind` is one of the account-only kinds and there is no user.
 * Unknown kinds pass: the core answers them with `ACT_UNKNOWN_KIND`.
 *
 * @example
 * assertMayGenerate('crossword', request.user);
 */
export function assertMayGenerate(kind: string, user: RequestUser | null): void {
  if (user === null && ACCOUNT_KINDS.has(kind)) {
    throw new GateError('GATE_UNAUTHENTICATED', `Sign in or send an API key to generate ${kind} pages.`, {
      details: { kind },
    });
  }
}
