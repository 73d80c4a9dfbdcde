export type { ManualClock } from './testing/manual-clock.js';
export { createManualClock } from './testing/manual-clock.js';
export type { MemoryMailer } from './testing/memory-mailer.js';
export { createMemoryMailer } from './testing/memory-mailer.js';
