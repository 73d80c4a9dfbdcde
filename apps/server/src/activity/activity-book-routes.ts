import { GateError, type RequestUser } from '@svc/gate';
import type { FastifyInstance } from 'fastify';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { ServerError } from '../errors/server-error.js';
import { requireAuth } from '../plugins/guards.js';
import { replyWithError } from '../plugins/reply-with-error.js';
import { assertOwnPages, readOwnDocument } from './activity-book-access.js';
import {
  bookFileSchema,
  createBookSchema,
  deleteBookSchema,
  exportBookSchema,
} from './activity-book-schemas.js';
import { toAttachmentDisposition } from './activity-download.js';
import { toActivityJob } from './activity-job.js';
import { BOOK_COLLECTION, type BookFields } from './book-export.js';
import type { ActivityServices } from './create-activity-services.js';

function signedIn(user: RequestUser | null): RequestUser {
  // The guard has run; this narrows the type and fails closed if the route is ever rewired.
  if (user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return user;
}

/**
 * `POST /books`, `DELETE /books/:id`, `POST /books/:id/export` and `GET /books/:id/file`
 * (registered by `activityRoutes`). Books are documents of `activity_books`, so
 * `/db/activity_books` lists, patches and deletes them with the data layer's ownership rules; a
 * deletion through either route removes the book's exports (the gate's `dataEvents`). The export
 * route is the capability `activity-pages.exportBook` on the `area-route` surface (its policy,
 * rate limit and errors).
 *
 * @example
 * registerBookRoutes(app, activity, registry);
 */
export function registerBookRoutes(
  app: FastifyInstance,
  activity: Pick<ActivityServices, 'jobs' | 'storage'>,
  registry: CapabilityRegistry,
): void {
  const { jobs, storage } = activity;
  const data = app.gate.data;

  app.post<{ Body: BookFields }>(
    '/books',
    { schema: createBookSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = signedIn(request.user);
      await assertOwnPages(data, user, request.body.pageIds);
      const book = await app.gate.data.create({ user, collection: BOOK_COLLECTION, data: request.body });
      return reply.status(201).send({ book });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/books/:id',
    { schema: deleteBookSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = signedIn(request.user);
      const book = await readOwnDocument(data, user, { collection: BOOK_COLLECTION, id: request.params.id });
      await app.gate.data.remove({ user, collection: BOOK_COLLECTION, id: book.id });
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/books/:id/export',
    { schema: exportBookSchema },
    async (request, reply) => {
      const outcome = await registry.invoke(
        'activity-pages.exportBook',
        { bookId: request.params.id },
        {
          user: request.user,
          surface: 'area-route',
          client: request.ip,
          log: request.log,
        },
      );
      if (!outcome.ok) return replyWithError(reply, outcome.error);
      return reply.status(202).send(outcome.result);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/books/:id/file',
    { schema: bookFileSchema, preHandler: requireAuth },
    async (request, reply) => {
      const user = signedIn(request.user);
      const book = await readOwnDocument(data, user, { collection: BOOK_COLLECTION, id: request.params.id });
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
      const file = latest.file_key ? await storage.stream(latest.file_key) : undefined;
      if (!file)
        throw new ServerError('ACT_NOT_EXPORTED', 'The exported file is missing: export the book again.');
      return reply
        .headers({
          'content-disposition': toAttachmentDisposition(String(book.title ?? 'book')),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          ...(file.size === undefined ? {} : { 'content-length': String(file.size) }),
        })
        .type('application/pdf')
        .send(file.body);
    },
  );
}
