import { type DataDocument, type Gate, GateError, isGateError, type RequestUser } from '@svc/gate';
import { BOOK_COLLECTION, PAGE_COLLECTION } from './book-export.js';

/** Pages read from the database at once while checking a book. */
const READ_CONCURRENCY = 8;

/**
 * A document of `collection` that is the caller's own (admins: any book). Another user's
 * document is `GATE_NOT_FOUND` even when the data layer would let the caller read it (a public
 * page), as the data layer answers for private ones.
 *
 * @example
 * const book = await readOwnDocument(gate.data, user, BOOK_COLLECTION, bookId);
 */
export async function readOwnDocument(
  data: Gate['data'],
  user: RequestUser,
  target: { collection: string; id: string },
): Promise<DataDocument> {
  const { collection, id } = target;
  const label = collection === BOOK_COLLECTION ? 'book' : 'page';
  const notFound = () =>
    new GateError('GATE_NOT_FOUND', `No such ${label}: ${id}.`, { details: { [`${label}Id`]: id } });
  try {
    const document = await data.get({ user, collection, id });
    if (document.owner !== user.id && !(collection === BOOK_COLLECTION && user.isAdmin)) throw notFound();
    return document;
  } catch (error) {
    if (isGateError(error) && error.code === 'GATE_NOT_FOUND') throw notFound();
    throw error;
  }
}

/**
 * Throws `GATE_NOT_FOUND` for the first of `pageIds` (in the request's order) that is not the
 * caller's own saved page.
 *
 * @example
 * await assertOwnPages(gate.data, user, body.pageIds);
 */
export async function assertOwnPages(
  data: Gate['data'],
  user: RequestUser,
  pageIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(pageIds)];
  for (let start = 0; start < unique.length; start += READ_CONCURRENCY) {
    const batch = unique.slice(start, start + READ_CONCURRENCY);
    // Settle the whole batch, then report the first failure in the request's order: which read
    // fails first in time depends on the database, and the answer must not.
    const results = await Promise.allSettled(
      batch.map((id) => readOwnDocument(data, user, { collection: PAGE_COLLECTION, id })),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}
