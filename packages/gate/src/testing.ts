export type { GateContractCase, GateContractContext } from './testing/gate-contract.js';
export { createGateContractContext, GATE_CONTRACT } from './testing/gate-contract.js';
export type { ManualClock } from './testing/manual-clock.js';
export { createManualClock } from './testing/manual-clock.js';
export type { MemoryMailer } from './testing/memory-mailer.js';
export { createMemoryMailer } from './testing/memory-mailer.js';
export type { MemoryPayments } from './testing/memory-payments.js';
export { createMemoryPayments } from './testing/memory-payments.js';
