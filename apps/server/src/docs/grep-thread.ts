import { DocsError, type DocsErrorCode, type GrepResult } from '@svc/docs-reader';
import { ServerError } from '../errors/server-error.js';
import { createDeadlineThread, type DeadlineThread } from '../threads/deadline-thread.js';
import { ThreadBusyError, ThreadDeadlineError, ThreadTaskError } from '../threads/thread-errors.js';

/**
 * The hard deadline of one grep on its thread. The grep stops itself at its 200 ms budget
 * (checked after every line); this bounds what one line could cost beyond that.
 */
export const GREP_DEADLINE_MS = 1000;
/** Greps waiting for the thread beyond the one running. */
export const GREP_MAX_QUEUED = 64;
/** Heap of the grep thread (the site's pages, the search index and one grep), in MiB. */
export const GREP_THREAD_HEAP_MB = 256;

/** Runs `grepDocs` off the main thread. */
export interface GrepThread {
  /** The tool's answer; `DocsError` for bad arguments or an unknown page, as the tool throws them. */
  grep(args: Record<string, unknown>, signal?: AbortSignal): Promise<GrepResult>;
  close(): Promise<void>;
}

// What a grep stopped at its deadline answers: its pattern and mode as the tool reads them.
function toTimedOut(args: Record<string, unknown>): GrepResult {
  const pattern = ['pattern', 'q', 'query', 'text']
    .map((name) => args[name])
    .find((value) => typeof value === 'string');
  const regex = args.regex ?? args.isRegex;
  return {
    pattern: (pattern as string | undefined) ?? '',
    regex: regex === true || regex === 'true',
    matches: [],
    truncated: 'time',
  };
}

/**
 * The docs `grepDocs` tool on a worker thread that opens the built site in `siteDir` itself:
 * the main thread never runs a caller's pattern. A grep past {@link GREP_DEADLINE_MS} ends the
 * thread (a fresh one serves the next) and answers like the budget does, `truncated: 'time'`,
 * with no lines.
 *
 * @example
 * const thread = createGrepThread(siteDir);
 * await thread.grep({ pattern: 'retry-after' });
 */
export function createGrepThread(siteDir: string): GrepThread {
  const thread: DeadlineThread<Record<string, unknown>, GrepResult> = createDeadlineThread({
    entry: {
      source: new URL('./grep-thread-entry.ts', import.meta.url),
      built: new URL('./grep-thread.js', import.meta.url),
    },
    data: { siteDir },
    // Default priority: a grep stops itself at its 200 ms budget of wall time, so it never holds a
    // core long, and at a lower priority a busy machine would spend that budget waiting.
    heapMb: GREP_THREAD_HEAP_MB,
    maxQueued: GREP_MAX_QUEUED,
  });
  return {
    async grep(args, signal) {
      try {
        return await thread.run(args, { deadlineMs: GREP_DEADLINE_MS, ...(signal ? { signal } : {}) });
      } catch (error) {
        if (error instanceof ThreadTaskError && error.failure.name === 'DocsError') {
          const { code, message, details } = error.failure;
          throw new DocsError(code as DocsErrorCode, message, {
            ...(details === undefined ? {} : { details: details as Record<string, unknown> }),
          });
        }
        if (error instanceof ThreadDeadlineError) return toTimedOut(args);
        if (error instanceof ThreadBusyError) {
          throw new ServerError('SERVER_RATE_LIMITED', 'Too many greps are waiting; try again shortly.');
        }
        throw error;
      }
    },
    close: () => thread.close(),
  };
}
