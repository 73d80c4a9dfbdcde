export { createManualClock } from './testing/manual-clock.js';
export { createMemoryRunStore } from './testing/memory-run-store.js';
export type { ContractTestApi, RunStoreContractOptions } from './testing/run-store-contract.js';
export { createSampleRunRecord, describeRunStoreContract } from './testing/run-store-contract.js';
export type { ScriptedAnswer, ScriptedProviderOptions } from './testing/scripted-provider-registry.js';
export { createProviderError, createScriptedProviderRegistry } from './testing/scripted-provider-registry.js';
