import { existsSync, statSync } from 'node:fs';
import { type FileHandle, link, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import type { CommandContext } from '../command.js';
import { watchInterrupt } from '../dream/watch-interrupt.js';

/** Ctrl-C, as for `svc dream`. */
const EXIT_INTERRUPTED = 130;

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\u0000', 'latin1');
/** The names the server suggests; anything else (a path, say) is not used as a file name. */
const SERVER_NAME = /^svc-\d{8}T\d{6}Z\.db$/;

/** Why a download stopped: `usage` ones exit 2 (local problems), the others 1. */
class BackupFailure extends Error {
  constructor(
    message: string,
    readonly exit: number,
  ) {
    super(message);
  }
}

/** Where the copy goes: `to` itself, or the server's name inside the directory `to`. */
function chooseTarget(to: string, disposition: string | null): string {
  if (!(existsSync(to) && statSync(to).isDirectory())) return to;
  const suggested = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  const name = suggested !== undefined && SERVER_NAME.test(suggested) ? suggested : `svc-${Date.now()}.db`;
  return join(to, name);
}

/** Refuses a target that is taken or whose directory is missing, before anything is written. */
function assertWritable(target: string): void {
  if (existsSync(target)) throw new BackupFailure(`${target} exists; choose a new name.`, EXIT_USAGE);
  if (!existsSync(dirname(target)))
    throw new BackupFailure(`the directory ${dirname(target)} does not exist.`, EXIT_USAGE);
}

/** Creates `partial`; one already there (another download's) is refused, never truncated. */
function openPartial(partial: string): Promise<FileHandle> {
  return open(partial, 'wx').catch((error: NodeJS.ErrnoException) => {
    throw new BackupFailure(`cannot write ${partial}: ${error.code ?? error.message}`, EXIT_USAGE);
  });
}

/** Streams `body` into `file`, checking the SQLite header and the byte count; fsyncs and closes. */
async function writePartial(
  body: AsyncIterable<Uint8Array>,
  file: FileHandle,
  expected: number,
): Promise<void> {
  try {
    let bytes = 0;
    let head = Buffer.alloc(0);
    for await (const chunk of body) {
      if (head.length < SQLITE_HEADER.length) {
        head = Buffer.concat([head, chunk]).subarray(0, SQLITE_HEADER.length);
        if (!SQLITE_HEADER.subarray(0, head.length).equals(head))
          throw new BackupFailure('the server sent something that is not a SQLite database.', EXIT_FAILURE);
      }
      bytes += chunk.length;
      if (bytes > expected)
        throw new BackupFailure(
          `the server sent more than the ${expected} bytes it announced.`,
          EXIT_FAILURE,
        );
      await file.write(chunk).catch((error: NodeJS.ErrnoException) => {
        throw new BackupFailure(`cannot write the copy: ${error.code ?? error.message}`, EXIT_USAGE);
      });
    }
    if (bytes !== expected || head.length < SQLITE_HEADER.length)
      throw new BackupFailure(`the download stopped after ${bytes} of ${expected} bytes.`, EXIT_FAILURE);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Gives `partial` the name `target` without ever replacing a file that appeared meanwhile. */
async function moveIntoPlace(partial: string, target: string): Promise<void> {
  try {
    // A hard link fails with EEXIST rather than replace: no window between check and rename.
    await link(partial, target);
    await rm(partial);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new BackupFailure(`${target} appeared meanwhile; choose a new name.`, EXIT_USAGE);
    // File systems without hard links: check, then rename.
    assertWritable(target);
    await rename(partial, target);
  }
}

async function readRefusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof error?.code === 'string') return `${error.code}: ${String(error.message ?? '')}`;
  } catch {}
  return text.slice(0, 200).replaceAll(/\s+/g, ' ');
}

/**
 * Downloads `GET <baseUrl>/api/admin/backup` into a new file (see `backupCommand`) and prints one
 * line; returns the exit code.
 *
 * @example
 * await downloadBackup({ baseUrl: 'http://127.0.0.1:3000', apiKey, to: '/backups' }, context);
 */
export async function downloadBackup(
  request: { baseUrl: string; apiKey: string; to: string },
  context: CommandContext,
): Promise<number> {
  const { red } = context.err.style;
  const started = performance.now();
  const url = new URL(
    'api/admin/backup',
    request.baseUrl.endsWith('/') ? request.baseUrl : `${request.baseUrl}/`,
  );
  let partial: string | undefined;
  // Ctrl-C stops the download and removes the partial file (a second one ends the process).
  const interrupt = new AbortController();
  const stopWatching = watchInterrupt(() => interrupt.abort());
  try {
    if (!(existsSync(request.to) && statSync(request.to).isDirectory())) assertWritable(request.to);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${request.apiKey}` },
        signal: interrupt.signal,
      });
    } catch (error) {
      if (interrupt.signal.aborted) throw error;
      const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
      const reason = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? error);
      throw new BackupFailure(`cannot reach ${request.baseUrl}: ${reason}`, EXIT_USAGE);
    }
    if (response.status !== 200) {
      const refusal = await readRefusal(response);
      context.err.line(
        `${context.name}: ${red(`the server refused the backup (HTTP ${response.status}) ${refusal}`)}`,
      );
      if (response.status === 401) context.err.line("Set SVC_API_KEY (or pass --api-key) to an admin's key.");
      return EXIT_FAILURE;
    }
    const expected = Number(response.headers.get('content-length'));
    if (!Number.isSafeInteger(expected) || expected <= 0 || response.body === null)
      throw new BackupFailure('the server did not announce the size of the copy.', EXIT_FAILURE);
    const target = chooseTarget(request.to, response.headers.get('content-disposition'));
    assertWritable(target);
    const file = await openPartial(`${target}.partial`);
    partial = `${target}.partial`;
    await writePartial(response.body, file, expected);
    await moveIntoPlace(partial, target);
    partial = undefined;
    const ms = Math.round(performance.now() - started);
    context.out.line(`backed up ${request.baseUrl} to ${target} (${expected} bytes in ${ms} ms)`);
    return EXIT_OK;
  } catch (error) {
    if (interrupt.signal.aborted) {
      context.err.line(`${context.name}: interrupted; no copy was written.`);
      return EXIT_INTERRUPTED;
    }
    const failure =
      error instanceof BackupFailure
        ? error
        : new BackupFailure(
            `the download failed: ${error instanceof Error ? error.message : String(error)}`,
            EXIT_FAILURE,
          );
    context.err.line(`${context.name}: ${red(failure.message)}`);
    return failure.exit;
  } finally {
    stopWatching();
    // Only a partial file this run created ('wx' refused to open one in the way).
    if (partial !== undefined) await rm(partial, { force: true });
  }
}
