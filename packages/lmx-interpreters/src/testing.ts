export { executeScript } from './execute-script.js';
export type { MemoryAdaptersBridge } from './testing/memory-adapters-bridge.js';
export { createMemoryAdaptersBridge } from './testing/memory-adapters-bridge.js';
