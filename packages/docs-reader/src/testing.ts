export { createMemoryDocsSource } from './testing/memory-docs-source.js';
export { createMemorySiteStore } from './testing/memory-site-store.js';
export { SAMPLE_DOCS } from './testing/sample-docs.js';
export { SAMPLE_PACKAGE } from './testing/sample-packages.js';
