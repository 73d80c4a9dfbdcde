import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ActivityError, type ActivityErrorCode, type BuildBookArgs } from '@svc/activity-core';
import { ServerError } from '../errors/server-error.js';

/** Old-generation heap of the thread that builds one book, by default (see docs/activity/server.md). */
export const DEFAULT_EXPORT_HEAP_MB = 256;

/**
 * A book's arguments as they cross to the thread: no callback, and each page as the JSON text of
 * an object with `kind`, `doc` and an optional string `title` (other fields are ignored, so a
 * saved page's document body serves as is). Texts cross threads as flat copies and are parsed
 * there; the same pages as objects would be structured-cloned on the event loop.
 */
export type ThreadBookArgs = Omit<BuildBookArgs, 'onProgress' | 'pages'> & { pageTexts: string[] };

/** Options of {@link buildBookInThread}. */
export interface BookThreadOptions {
  /** Ends the build: the thread is terminated and the promise rejects with the signal's reason. */
  signal: AbortSignal;
  /** Called with each page drawn; a throw ends the build like an abort. */
  onProgress(done: number, total: number): void;
  /** Old-generation heap limit of the thread in MiB; default {@link DEFAULT_EXPORT_HEAP_MB}. */
  heapMb?: number | undefined;
}

type ThreadMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; bytes: Uint8Array }
  | {
      type: 'error';
      error: { activity: boolean; code: string; message: string; issues: unknown };
    };

// The CommonJS build of the core: a `node -e`-style thread can require it by absolute path,
// both from the built server and from its sources under the test runner.
const CORE_PATH = createRequire(import.meta.url).resolve('@svc/activity-core');

const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { buildBookPdf, isActivityError } = require(workerData.corePath);
const { pageTexts, ...book } = workerData.args;
const readPage = (text) => {
  let page;
  try {
    page = JSON.parse(text);
  } catch {
    page = null;
  }
  if (typeof page !== 'object' || page === null) return page;
  return { kind: page.kind, doc: page.doc, ...(typeof page.title === 'string' ? { title: page.title } : {}) };
};
Promise.resolve().then(() => buildBookPdf({
  ...book,
  pages: Array.isArray(pageTexts) ? pageTexts.map(readPage) : pageTexts,
  onProgress: (done, total) => parentPort.postMessage({ type: 'progress', done, total }),
})).then(
  (bytes) => parentPort.postMessage({ type: 'done', bytes }, [bytes.buffer]),
  (error) => parentPort.postMessage({
    type: 'error',
    error: {
      activity: isActivityError(error),
      code: String(error && error.code),
      message: String(error && error.message),
      issues: isActivityError(error) ? error.issues : [],
    },
  }),
);
`;

function toError(error: Extract<ThreadMessage, { type: 'error' }>['error']): Error {
  if (error.activity) {
    return new ActivityError(error.code as ActivityErrorCode, error.message, {
      issues: Array.isArray(error.issues) ? error.issues : [],
    });
  }
  return new Error(`The book thread failed: ${error.message}`);
}

/**
 * Builds a book PDF (`buildBookPdf`) on a worker thread with a capped heap, so the server's event
 * loop never waits on drawing, deflating or the build's garbage collection, and the process's
 * memory cannot grow past the thread's limit whatever the book. The core's own refusals arrive
 * as `ActivityError`s; a book that needs more than the heap limit fails with `ACT_EXPORT_FAILED`
 * (retrying could not help).
 *
 * @example
 * const bytes = await buildBookInThread(args, { signal: control.signal, onProgress: control.reportProgress });
 */
export function buildBookInThread(args: ThreadBookArgs, options: BookThreadOptions): Promise<Uint8Array> {
  const { signal } = options;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { corePath: CORE_PATH, args },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? DEFAULT_EXPORT_HEAP_MB },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outcome();
      void worker.terminate();
    };
    function onAbort() {
      finish(() => reject(signal.reason));
    }
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'progress') {
        try {
          options.onProgress(message.done, message.total);
        } catch (error) {
          finish(() => reject(error));
        }
      } else if (message.type === 'done') {
        finish(() => resolve(message.bytes));
      } else {
        finish(() => reject(toError(message.error)));
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ServerError(
                'ACT_EXPORT_FAILED',
                'The book needs more memory than one export may use; split it into smaller books.',
              )
            : error,
        ),
      );
    });
    worker.on('exit', (code) => {
      finish(() => reject(new Error(`The book thread exited early (code ${code}).`)));
    });
  });
}
