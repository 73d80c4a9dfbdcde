import { parentPort, workerData } from 'node:worker_threads';
import { type BuildSiteIntoOptions, buildSiteInto } from './build-site-into.js';

// The worker entry (dist/docs-build-worker.js): builds the site and reports the page count, or
// the error's message, to the server's main thread.
buildSiteInto(workerData as BuildSiteIntoOptions).then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
