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
 * The body of a thread entry (a file the server runs with `createDeadlineThread`): builds its
 * handler from the entry's data (`workerData.data`) —
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
  void prepare((workerData as { data: Data }).data).then((handle) => {
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
