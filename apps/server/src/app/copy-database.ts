import { parseArgs } from 'node:util';
import { CopyDatabaseError, isCopyDatabaseError } from './copy-database-error.js';
import { type CopySummary, copySqliteToPostgres } from './copy-sqlite-to-postgres.js';

// `node dist/copy-database.js --from ./data/svc.db --to postgres://…`: moves a stopped SQLite
// install's rows into an empty PostgreSQL once (docs/deploy/scale-out.md). Exit 0 with a summary
// on stdout, or 1 with one line on stderr.

const USAGE =
  'usage: node dist/copy-database.js --from <svc.db> [--to postgres://…] (or DATABASE_URL for --to)';

/**
 * The copy's source file and target URL from the command line; `--to` falls back to
 * `DATABASE_URL` so the password need not appear in the process list.
 *
 * @example
 * readCopyArguments(['--from', 'data/svc.db'], { DATABASE_URL: 'postgres://db/svc' });
 */
function readCopyArguments(
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
    throw new CopyDatabaseError(
      'COPY_BAD_ARGUMENTS',
      `${error instanceof Error ? error.message : String(error)}; ${USAGE}`,
    );
  }
  const to = values.to ?? env.DATABASE_URL;
  if (!values.from) throw new CopyDatabaseError('COPY_BAD_ARGUMENTS', `--from is required; ${USAGE}`);
  if (!to) throw new CopyDatabaseError('COPY_BAD_ARGUMENTS', `--to (or DATABASE_URL) is required; ${USAGE}`);
  let protocol = '';
  try {
    protocol = new URL(to).protocol;
  } catch {
    // reported below, without echoing the URL (it may hold a password)
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new CopyDatabaseError('COPY_BAD_ARGUMENTS', `--to must be a postgres:// URL; ${USAGE}`);
  return { from: values.from, to };
}

/**
 * The summary printed after a copy: one line per table, then the total.
 *
 * @example
 * process.stdout.write(formatCopySummary(summary));
 */
function formatCopySummary(summary: CopySummary): string {
  const width = Math.max(...summary.tables.map((entry) => entry.table.length), 5);
  const total = summary.tables.reduce((sum, entry) => sum + entry.rows, 0);
  const lines = [
    ...(summary.sourceMigrated.length > 0
      ? [`migrated a temporary copy of the source first: ${summary.sourceMigrated.join(', ')}`]
      : []),
    `copied into ${summary.target}:`,
    ...summary.tables.map((entry) => `  ${entry.table.padEnd(width)}  ${entry.rows}`),
    `${total} rows in ${summary.tables.length} tables. Start the server with DATABASE_URL set to this database.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Replaces the password of `url`, raw and decoded, wherever it appears in `text`. */
function redactPassword(text: string, url: string | undefined): string {
  if (!url) return text;
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return text;
  }
  if (!password) return text;
  return text.replaceAll(password, '***').replaceAll(decodeURIComponent(password), '***');
}

async function main(): Promise<number> {
  let to: string | undefined;
  try {
    const args = readCopyArguments(process.argv.slice(2), process.env);
    to = args.to;
    const summary = await copySqliteToPostgres(args);
    if (summary.sourceWalPresent)
      process.stderr.write(
        'warning: a -wal file was beside the source: if the server was still running, rows written after this copy are not in PostgreSQL.\n',
      );
    process.stdout.write(formatCopySummary(summary));
    return 0;
  } catch (error) {
    const reason = isCopyDatabaseError(error)
      ? error.message
      : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
    const line = redactPassword(reason, to ?? process.env.DATABASE_URL).replaceAll(/\s*\n\s*/g, ' ');
    process.stderr.write(`svc copy-database: ${line}\n`);
    return 1;
  }
}

main().then((code) => process.exit(code));
