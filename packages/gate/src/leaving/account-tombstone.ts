import { randomUUID } from 'node:crypto';

/** The prefix of every tombstone id: `deleted:` then a random UUID. */
export const TOMBSTONE_PREFIX = 'deleted:';

/**
 * A new tombstone: the id that replaces a deleted account's id in the rows that must stay for
 * accounting (wallet ledger, token-pack purchases). Random, so it cannot be traced back to the
 * account; one per deletion, so the entries of one former account still add up together.
 *
 * @example
 * createTombstoneId(); // 'deleted:3f0c…'
 */
export function createTombstoneId(): string {
  return `${TOMBSTONE_PREFIX}${randomUUID()}`;
}

/** True when `userId` is a tombstone written by an account deletion. */
export function isTombstoneId(userId: string): boolean {
  return userId.startsWith(TOMBSTONE_PREFIX);
}
