import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountDataContributor } from '../plugins/account-data.js';
import type { ActivityDatabase } from './activity-migrations.js';
import { BOOK_COLLECTION } from './book-export.js';
import type { ExportCleanup } from './export-cleanup.js';
import type { FileStorage } from './file-storage.js';

type AccountActivityDatabase = ActivityDatabase & {
  documents: { id: string; collection: string; owner: string };
};

/**
 * The activity area's share of leaving: the export jobs (`activity/export-jobs.json`) and the
 * exported PDFs (`activity/books/<bookId>/<jobId>.pdf`, streamed from the file storage, local or
 * S3); on deletion the jobs go in the transaction and every file of the user's books after the
 * commit. A file whose delete fails is left to the start-up sweep, which removes every file no
 * job holds (the sweep of `export-cleanup.ts`).
 *
 * @example
 * app.accountData.register(createActivityAccountData({ db, storage, cleanup, log }));
 */
export function createActivityAccountData(options: {
  db: Kysely<unknown>;
  storage: FileStorage;
  cleanup: ExportCleanup;
  log: FastifyBaseLogger;
}): AccountDataContributor {
  const db = options.db as Kysely<AccountActivityDatabase>;
  return {
    area: 'activity',
    async export(userId, sink) {
      const jobs = await db
        .selectFrom('activity_jobs')
        .select([
          'id',
          'book_id',
          'status',
          'progress',
          'pages_total',
          'error',
          'file_key',
          'file_size',
          'watermark',
          'created_at',
          'finished_at',
        ])
        .where('owner', '=', userId)
        .orderBy('created_at')
        .execute();
      await sink.addJson(
        'export-jobs.json',
        jobs.map((job) => ({
          id: job.id,
          bookId: job.book_id,
          status: job.status,
          progress: Number(job.progress),
          pages: job.pages_total === null ? null : Number(job.pages_total),
          error: job.error,
          fileSize: job.file_size === null ? null : Number(job.file_size),
          watermark: job.watermark,
          createdAt: Number(job.created_at),
          finishedAt: job.finished_at === null ? null : Number(job.finished_at),
          file: job.file_key === null ? null : `activity/books/${job.book_id}/${job.id}.pdf`,
        })),
      );
      for (const job of jobs) {
        if (job.status !== 'done' || job.file_key === null) continue;
        const file = await options.storage.stream(job.file_key);
        if (file) await sink.addStream(`books/${job.book_id}/${job.id}.pdf`, file.body);
      }
    },
    async delete({ userId, trx }) {
      const tx = trx as Kysely<AccountActivityDatabase>;
      const books = await tx
        .selectFrom('documents')
        .select('id')
        .where('owner', '=', userId)
        .where('collection', '=', BOOK_COLLECTION)
        .execute();
      const jobs = await tx
        .selectFrom('activity_jobs')
        .select('book_id')
        .where('owner', '=', userId)
        .execute();
      const bookIds = [...new Set([...books.map((book) => book.id), ...jobs.map((job) => job.book_id)])];
      await tx.deleteFrom('activity_jobs').where('owner', '=', userId).execute();
      if (bookIds.length > 0) await tx.deleteFrom('activity_jobs').where('book_id', 'in', bookIds).execute();
      return async () => {
        for (const bookId of bookIds) {
          await options.cleanup.removeBookExports(bookId).catch((error: unknown) => {
            options.log.warn(
              { err: error, bookId },
              'files of a deleted account left for the start-up sweep',
            );
          });
        }
      };
    },
  };
}
