import { describe, it } from 'vitest';
import { createMemoryRunStore } from './memory-run-store.js';
import { describeRunStoreContract } from './run-store-contract.js';

describeRunStoreContract({
  name: 'memory',
  describe,
  it,
  createStore: async () => ({ store: createMemoryRunStore() }),
});
