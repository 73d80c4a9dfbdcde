import { resolve } from 'node:path';
import { EXIT_USAGE } from '../../cli-io.js';
import { type Command, failUsage } from '../command.js';
import { downloadBackup } from './download-backup.js';

/** The server `svc backup` talks to when neither `--server` nor `SVC_SERVER_URL` is set. */
const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `svc backup [--to FILE|DIR]`: downloads a consistent copy of a running server's SQLite
 * database (`GET /api/admin/backup`, admins) into a new file; never overwrites one.
 *
 * @example
 * await runCommand(backupCommand, ['--to', '/backups/'], context);
 */
export const backupCommand: Command = {
  name: 'backup',
  summary: "Download a consistent copy of a running server's SQLite database",
  help: `Usage: svc backup [--to <file or directory>] [options]

Download a consistent copy of a running svc server's SQLite database, taken while it keeps
serving (GET /api/admin/backup; needs an admin's API key). The copy is written to
'<file>.partial', checked (SQLite header, byte count), flushed to disk and only then given its
name; an existing file is never overwritten. A directory (the default: the current one) gets
the server's name for the copy, svc-<UTC timestamp>.db. A server on PostgreSQL refuses: use
pg_dump. On the server's own machine, 'npm run backup' needs no HTTP (docs/deploy/operating.md).

Options:
  --to <file or directory>    Where to write the copy (default: the current directory)
  --server <url>              Server to back up (default $SVC_SERVER_URL, else ${DEFAULT_SERVER_URL})
  --api-key <key>             An admin's API key (default $SVC_API_KEY; prefer the variable:
                              arguments are visible to other users in 'ps')
  -h, --help                  Show this help

Exit codes: 0 written, 1 the server refused or the download failed its checks, 2 usage error,
a file in the way, a local write error or server unreachable, 130 interrupted (Ctrl-C; the
partial file is removed).`,
  options: {
    to: { type: 'string' },
    server: { type: 'string' },
    'api-key': { type: 'string' },
  },
  async run(args, context) {
    const { values, positionals } = args;
    if (positionals.length > 0)
      return failUsage(context, `unexpected argument '${positionals[0]}' (use --to <file or directory>)`);
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
    const baseUrl = text('server') ?? nonEmpty(context.io.env.SVC_SERVER_URL) ?? DEFAULT_SERVER_URL;
    if (!isHttpUrl(baseUrl)) return failUsage(context, `--server must be an http(s) URL, got '${baseUrl}'`);
    const to = text('to');
    if (to?.trim() === '') return failUsage(context, '--to is empty');
    const apiKey = text('api-key') ?? nonEmpty(context.io.env.SVC_API_KEY);
    if (apiKey === undefined) {
      context.err.line(`${context.name}: no API key: set SVC_API_KEY (or pass --api-key) to an admin's key.`);
      return EXIT_USAGE;
    }
    return downloadBackup({ baseUrl, apiKey, to: resolve(context.io.cwd, to ?? '.') }, context);
  },
};
