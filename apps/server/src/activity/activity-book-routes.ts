import { type DataDocument, GateError, isGateError, type RequestUser } from '@svc/gate';
import type { FastifyInstance } from 'fastify';
import { ServerError } from '../errors/server-error.js';
import { requireAuth } from '../plugins/guards.js';
import { readWatermark } from './activity-access.js';
import {
  bookFileSchema,
  createBookSchema,
  deleteBookSchema,
  exportBookSchema,
} from './activity-book-schemas.js';
import { toAttachmentDisposition } from './activity-download.js';
import { toActivityJob } from './activity-job.js';
import { activityRateLimit } from './activity-rate-limits.js';
import { BOOK_COLLECTION, type BookFields, PAGE_COLLECTION } from './book-export.js';
import type { ActivityServices } from './create-activity-services.js';

/** Queued and running exports one owner may have at once (the worker runs one job at a time for everyone). */
export const MAX_ACTIVE_EXPORTS_PER_OWNER = 5;

/** Pages read from the database at once while checking a book. */
const READ_CONCURRENCY = 8;

function signedIn(user: RequestUser | null): RequestUser {
  // The guard has run; this narrows the type and fails closed if the route is ever rewired.
  if (user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return user;
}

/**
 * A document of `collection` that is the caller's own (admins: anyone's). Another user's
 * document is `GATE_NOT_FOUND` even when the data layer would let the caller read it (a public
 * page), as the data layer answers for private ones.
 */
async function readOwn(
  app: FastifyInstance,
  user: RequestUser,
  collection: string,
  id: string,
): Promise<DataDocument> {
  const label = collection === BOOK_COLLECTION ? 'book' : 'page';
  const notFound = () =>
    new GateError('GATE_NOT_FOUND', `No such ${label}: ${id}.`, { details: { [`${label}Id`]: id } });
  try {
    const document = await app.gate.data.get({ user, collection, id });
    if (document.owner !== user.id && !(collection === BOOK_COLLECTION && user.isAdmin)) throw notFound();
    return document;
  } catch (error) {
    if (isGateError(error) && error.code === 'GATE_NOT_FOUND') throw notFound();
    throw error;
  }
}

async function assertOwnPages(
  app: FastifyInstance,
  user: RequestUser,
  pageIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(pageIds)];
  for (let start = 0; start < unique.length; start += READ_CONCURRENCY) {
    const batch = unique.slice(start, start + READ_CONCURRENCY);
    // Settle the whole batch, then report the first failure in the request's order: which read
    // fails first in time depends on the database, and the answer must not.
    const results = await Promise.allSettled(batch.map((id) => readOwn(app, user, PAGE_COLLECTION, id)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}

/**
 * `POST /books`, `DELETE /books/:id`, `POST /books/:id/export` and `GET /books/:id/file`
 * (registered by `activityRoutes`). Books are documents of `activity_books`, so
 * `/db/activity_books` lists, patches and deletes them with the data layer's ownership rules; a
 * deletion through either route removes the book's exports (the gate's `dataEvents`).
 *
 * @example
 * registerBookRoutes(app, activity);
 */
export function registerBookRoutes(
  app: FastifyInstance,
  activity: Pick<ActivityServices, 'jobs' | 'storage' | 'worker'>,
): void {
  const { jobs, storage, worker } = activity;

  app.post<{ Body: BookFields }>(
    '/books',
    { schema: createBookSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = signedIn(request.user);
      await assertOwnPages(app, user, request.body.pageIds);
      const book = await app.gate.data.create({ user, collection: BOOK_COLLECTION, data: request.body });
      return reply.status(201).send({ book });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/books/:id',
    { schema: deleteBookSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = signedIn(request.user);
      const book = await readOwn(app, user, BOOK_COLLECTION, request.params.id);
      await app.gate.data.remove({ user, collection: BOOK_COLLECTION, id: book.id });
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/books/:id/export',
    { schema: exportBookSchema, preHandler: requireAuth, config: { rateLimit: activityRateLimit('export') } },
    async (request, reply) => {
      const user = signedIn(request.user);
      const book = await readOwn(app, user, BOOK_COLLECTION, request.params.id);
      const latest = await jobs.findLatest(book.id);
      const active = latest?.status === 'queued' || latest?.status === 'running';
      if (!active && (await jobs.countActive(book.owner)) >= MAX_ACTIVE_EXPORTS_PER_OWNER) {
        throw new GateError(
          'GATE_RATE_LIMITED',
          `At most ${MAX_ACTIVE_EXPORTS_PER_OWNER} exports can wait at once; try again when one is done.`,
        );
      }
      const { job, created } = await jobs.enqueue({
        bookId: book.id,
        owner: book.owner,
        watermark: readWatermark(user) ?? null,
      });
      if (created) worker.wake();
      return reply.status(202).send({ job: toActivityJob(job) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/books/:id/file',
    { schema: bookFileSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = signedIn(request.user);
      const book = await readOwn(app, user, BOOK_COLLECTION, request.params.id);
      const latest = await jobs.findLatest(book.id);
      if (!latest)
        throw new ServerError('ACT_NOT_EXPORTED', 'This book was never exported: POST …/export first.');
      const job = toActivityJob(latest);
      if (latest.status === 'queued' || latest.status === 'running') return reply.status(202).send({ job });
      if (latest.status === 'error') {
        throw new ServerError('ACT_EXPORT_FAILED', `The export failed: ${latest.error ?? 'unknown error'}`, {
          details: { job },
        });
      }
      const bytes = latest.file_key ? await storage.get(latest.file_key) : undefined;
      if (!bytes)
        throw new ServerError('ACT_NOT_EXPORTED', 'The exported file is missing: export the book again.');
      return reply
        .headers({
          'content-disposition': toAttachmentDisposition(String(book.title ?? 'book')),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .type('application/pdf')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
