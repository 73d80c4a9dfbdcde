import { randomUUID } from 'node:crypto';
import { createReadStream, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GateError } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import { backupFileName } from '../db/sqlite-snapshot.js';
import { ServerError } from '../errors/server-error.js';
import { requireRole } from '../plugins/guards.js';
import { ThreadTaskError } from '../threads/thread-errors.js';
import { BACKUP_RATE_LIMIT, backupSchema } from './backup-route-schema.js';
import { createBackupThread } from './backup-thread.js';

const TEMPORARY = /^\.svc-backup-[0-9a-f-]{36}\.db$/;

/** Removes the temporary copies a killed process left in the data directory. */
function removeLeftovers(directory: string): void {
  for (const name of readdirSync(directory))
    if (TEMPORARY.test(name)) rmSync(join(directory, name), { force: true });
}

/**
 * `GET /api/admin/backup`: the consistent SQLite snapshot (`db/sqlite-snapshot.ts`, the one the
 * `npm run backup` script takes too), made on a thread into a temporary file of the data
 * directory and streamed; the file goes once both the snapshot settled and the response closed
 * (sent or aborted). One backup at a time per instance; PostgreSQL answers 409.
 *
 * @example
 * await app.register(backupRoutes, { prefix: '/api/admin' });
 */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const { database } = app;
  const thread = database.dialect === 'sqlite' ? createBackupThread() : undefined;
  if (thread) {
    removeLeftovers(dirname(database.location));
    app.addHook('onClose', async () => thread.close());
  }
  let busy = false;
  app.addHook('preHandler', requireRole('admin'));

  app.get(
    '/backup',
    { schema: backupSchema, config: { rateLimit: BACKUP_RATE_LIMIT } },
    async (request, reply) => {
      if (thread === undefined)
        throw new ServerError(
          'SERVER_BACKUP_UNSUPPORTED',
          'This server keeps its data in PostgreSQL: back it up with pg_dump (docs/deploy/operating.md#backups).',
        );
      const actor = request.user;
      if (actor === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
      if (busy)
        throw new ServerError(
          'SERVER_BACKUP_IN_PROGRESS',
          'A backup of this server is already being taken; retry once it is done.',
        );
      busy = true;
      const into = join(dirname(database.location), `.svc-backup-${randomUUID()}.db`);
      const closed = new Promise<void>((resolve) => reply.raw.once('close', resolve));
      const snapshotting = thread.snapshot({ from: database.location, into });
      void Promise.allSettled([snapshotting, closed]).then(() => {
        rmSync(into, { force: true });
        busy = false;
      });
      let bytes: number;
      try {
        ({ bytes } = await snapshotting);
      } catch (error) {
        request.log.error({ err: error }, 'backup failed');
        // The snapshot's own one-line reason (unreadable source, failed integrity check); else a
        // thread that died or ran past its deadline, logged above.
        const reason =
          error instanceof ThreadTaskError && error.failure.name === 'SqliteSnapshotError'
            ? error.failure.message
            : 'the copy could not be made';
        throw new ServerError('SERVER_BACKUP_FAILED', `The backup failed: ${reason}`, { cause: error });
      }
      const name = backupFileName(new Date());
      await app.adminAudit.record({ actor, action: 'backup.download', details: { file: name, bytes } });
      return reply
        .header('content-type', 'application/vnd.sqlite3')
        .header('content-length', bytes)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(into));
    },
  );
};
