// Loads a thread entry from TypeScript sources (tests only; the build ships each entry as
// dist/<name>.js): registers the tsx loader in this thread, then imports the entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
