// Starts the sandbox worker from TypeScript sources (tests only; the build ships
// dist/worker.js). Registers the tsx loader in this thread, then loads the real entry.
import { register } from 'tsx/esm/api';

register();
await import('./worker-entry.ts');
