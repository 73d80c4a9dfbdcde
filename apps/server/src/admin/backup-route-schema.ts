import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

/** Downloads allowed per client address and minute; each one reads the whole database. */
export const BACKUP_RATE_LIMIT = { max: 6, timeWindow: '1 minute' } as const;

/** `GET /api/admin/backup`. */
export const backupSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['admin'],
  summary: 'Download a consistent copy of the SQLite database (admins)',
  description:
    'A snapshot taken with `VACUUM INTO` while the server keeps serving (writes are not blocked; the copy holds every transaction committed before it began), checked with `PRAGMA integrity_check`, streamed as `application/vnd.sqlite3` with `Content-Length` and an attachment name `svc-<UTC timestamp>.db`. The temporary copy in the data directory is removed once the response ends or is aborted. One backup at a time per instance (409 SERVER_BACKUP_IN_PROGRESS); on PostgreSQL 409 SERVER_BACKUP_UNSUPPORTED (use pg_dump); 500 SERVER_BACKUP_FAILED when the copy could not be made. Recorded in the audit log (`backup.download`). `svc backup` (the CLI) calls it. Docs: docs/deploy/operating.md#backups.',
  response: {
    200: {
      description: 'The SQLite file (attachment).',
      content: { 'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary' } } },
    },
    ...commonErrorResponses,
    409: errorResponseSchema,
    500: errorResponseSchema,
  },
} as const;
