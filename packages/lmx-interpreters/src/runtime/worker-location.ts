/** Where the sandbox worker's code is and how to start it. */
export interface WorkerLocation {
  url: URL;
  execArgv: string[];
}

/**
 * Finds the worker entry beside this module: `worker.js` / `worker.cjs` in the built
 * `dist/`, or `source-worker.mjs` (which loads `worker-entry.ts` through the `tsx` loader)
 * when running from sources in tests.
 *
 * @example
 * ```ts
 * new Worker(locateWorker().url, { execArgv: locateWorker().execArgv });
 * ```
 */
export function locateWorker(moduleUrl: string = import.meta.url): WorkerLocation {
  if (moduleUrl.endsWith('.ts')) return { url: new URL('./source-worker.mjs', moduleUrl), execArgv: [] };
  return {
    url: new URL(moduleUrl.endsWith('.cjs') ? './worker.cjs' : './worker.js', moduleUrl),
    execArgv: [],
  };
}
