import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** A failure as it crosses back to the main thread: the error's name, code, message and details. */
export interface ThreadFailure {
  name: string;
  message: string;
  code?: string;
  details?: unknown;
}

/** What a thread entry posts: `ready` once, then one answer per request, in order. */
export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'answer'; id: number; ok: true; answer: unknown }
  | { type: 'answer'; id: number; ok: false; failure: ThreadFailure };

/**
 * Lowers the calling thread's scheduling priority to `nice` (0: unchanged): on Linux a nice value
 * belongs to a thread, and `setPriority` without a pid sets the calling one. Elsewhere (where it
 * would renice the whole process), or where it is not allowed, the thread keeps the default.
 */
function lowerThreadPriority(nice: number): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  try {
    setPriority(nice);
  } catch {
    // Not permitted here: run at the default priority.
  }
}

function toFailure(error: unknown): ThreadFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, details } = error as Error & { code?: unknown; details?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(details === undefined ? {} : { details }),
  };
}

/**
 * The body of a thread entry (a file the server runs with `createDeadlineThread`): lowers the
 * thread's priority as asked, builds its handler from the entry's data (`workerData.data`) —
 * loading whatever it needs before it says `ready`, so a deadline never counts the thread's
 * start — then answers each request in turn.
 *
 * @example
 * serveThreadRequests(async (data: { siteDir: string }) => {
 *   const reader = await openReader(data.siteDir);
 *   return (request: GrepRequest) => grepWith(reader, request);
 * });
 */
export function serveThreadRequests<Request, Data = unknown>(
  prepare: (data: Data) => Promise<(request: Request) => unknown>,
): void {
  const port = parentPort;
  if (port === null) throw new Error('serveThreadRequests runs only inside a worker thread');
  const { data, nice } = workerData as { data: Data; nice: number };
  lowerThreadPriority(nice);
  void prepare(data).then((handle) => {
    port.on('message', async (message: { id: number; request: Request }) => {
      let answer: ThreadMessage;
      try {
        answer = { type: 'answer', id: message.id, ok: true, answer: await handle(message.request) };
      } catch (error) {
        answer = { type: 'answer', id: message.id, ok: false, failure: toFailure(error) };
      }
      port.postMessage(answer);
    });
    port.postMessage({ type: 'ready' } satisfies ThreadMessage);
  });
}
