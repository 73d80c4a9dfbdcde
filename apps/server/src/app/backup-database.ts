import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from '../config/server-config.js';
import { BackupError, backupSqlite } from './backup-sqlite.js';

// `node dist/backup.js --to /backups/` (or `npm run backup -- --to /backups/`): a consistent copy
// of the SQLite file of a running (or stopped) server (docs/deploy/operating.md). Exit 0 with one
// summary line on stdout, 1 with one line on stderr, 2 for bad arguments.

const USAGE =
  'usage: npm run backup -- --to <file or directory> [--from <svc.db>] (or node apps/server/dist/backup.js …; --from defaults to $SVC_DATA_DIR/svc.db)';

function readArguments(
  argv: string[],
  env: Readonly<Record<string, string | undefined>>,
): { from: string; to: string } {
  let values: { from?: string | undefined; to?: string | undefined };
  try {
    values = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new BackupError(
      'BACKUP_BAD_ARGUMENTS',
      `${error instanceof Error ? error.message : String(error)}; ${USAGE}`,
    );
  }
  if (!values.to) throw new BackupError('BACKUP_BAD_ARGUMENTS', `--to is required; ${USAGE}`);
  if (values.from === undefined && env.DATABASE_URL)
    throw new BackupError(
      'BACKUP_BAD_ARGUMENTS',
      'DATABASE_URL is set: this server keeps its data in PostgreSQL; back it up with pg_dump (docs/deploy/operating.md).',
    );
  // The server's own default (`SVC_DATA_DIR`, else ./data from where it runs).
  return { from: values.from ?? join(env.SVC_DATA_DIR || DEFAULT_DATA_DIR, 'svc.db'), to: values.to };
}

function main(): number {
  try {
    const summary = backupSqlite(readArguments(process.argv.slice(2), process.env));
    const rows = Object.entries(summary.rows)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ');
    process.stdout.write(
      `backed up to ${summary.file} (${summary.bytes} bytes in ${summary.durationMs} ms; integrity ok${rows ? `; ${rows}` : ''})\n`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`svc backup: ${message.replaceAll(/\s*\n\s*/g, ' ')}\n`);
    return error instanceof BackupError && error.code === 'BACKUP_BAD_ARGUMENTS' ? 2 : 1;
  }
}

process.exitCode = main();
