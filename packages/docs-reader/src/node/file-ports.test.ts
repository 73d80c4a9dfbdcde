import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'vitest';
import { createMemoryDocsSource } from '../testing/memory-docs-source.js';
import { createMemorySiteStore } from '../testing/memory-site-store.js';
import { CONTRACT_FILES, describeDocsPortsContract } from '../testing/ports-contract.js';
import { createFileDocsSource } from './file-docs-source.js';
import { createFileSiteStore } from './file-site-store.js';

function writeContractFolder(): { dir: string; dispose: () => Promise<void> } {
  const root = mkdtempSync(join(tmpdir(), 'svc-docs-ports-'));
  const dir = join(root, 'site');
  for (const [path, content] of Object.entries(CONTRACT_FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  // A file beside the folder: the store must not reach it through `..`.
  writeFileSync(join(root, 'outside.md'), 'secret');
  return { dir, dispose: async () => rmSync(root, { recursive: true, force: true }) };
}

describeDocsPortsContract({
  describe,
  it,
  name: 'memory',
  createSource: async () => ({ source: createMemoryDocsSource(CONTRACT_FILES) }),
  createStore: async () => ({ store: createMemorySiteStore(new Map(Object.entries(CONTRACT_FILES))) }),
});

describeDocsPortsContract({
  describe,
  it,
  name: 'file system',
  createSource: async () => {
    const { dir, dispose } = writeContractFolder();
    return { source: createFileDocsSource(dir), dispose };
  },
  createStore: async () => {
    const { dir, dispose } = writeContractFolder();
    return { store: createFileSiteStore(dir), dispose };
  },
});
