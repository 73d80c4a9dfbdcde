export { createMemoryDocsSource } from './testing/memory-docs-source.js';
export { createMemorySiteStore } from './testing/memory-site-store.js';
export type { ContractTestApi, DocsPortsContractOptions } from './testing/ports-contract.js';
export { CONTRACT_FILES, describeDocsPortsContract } from './testing/ports-contract.js';
export { SAMPLE_DOCS } from './testing/sample-docs.js';
export { SAMPLE_PACKAGE } from './testing/sample-packages.js';
