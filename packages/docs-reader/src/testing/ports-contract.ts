import type { DocsSource } from '../ports/docs-source.js';
import type { SiteStore } from '../ports/site-store.js';

/** The test functions of a runner such as vitest or node:test (`describe`, `it`). */
export interface ContractTestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
}

/** The files every contract run starts from: nested folders, non-ASCII text and bytes. */
export const CONTRACT_FILES: Readonly<Record<string, string | Uint8Array>> = {
  'index.md': '# Home\n',
  'guide/deep/page.md': '# Déjà vu — ✓\n',
  'guide/image.png': new Uint8Array([0, 1, 2, 255]),
};

/** Options of {@link describeDocsPortsContract}. */
export interface DocsPortsContractOptions extends ContractTestApi {
  /** Shown in the suite's name, e.g. `'file system'`. */
  name: string;
  /** A source over exactly {@link CONTRACT_FILES}; `dispose` (optional) runs after the test. */
  createSource(): Promise<{ source: DocsSource; dispose?: () => Promise<void> }>;
  /** A store over a site holding {@link CONTRACT_FILES}. */
  createStore(): Promise<{ store: SiteStore; dispose?: () => Promise<void> }>;
}

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/**
 * The contract every `DocsSource` and `SiteStore` adapter passes: listing (relative `/` paths,
 * every file, nothing else), reading bytes exactly, rejecting an unlisted file, reading text as
 * UTF-8, and undefined (never a file outside the site) for a missing or escaping path.
 *
 * @example
 * describeDocsPortsContract({ describe, it, name: 'memory', createSource: async () => ({ source: createMemoryDocsSource(CONTRACT_FILES) }), createStore: … });
 */
export function describeDocsPortsContract(options: DocsPortsContractOptions): void {
  const withSource = async (body: (source: DocsSource) => Promise<void>) => {
    const { source, dispose } = await options.createSource();
    try {
      await body(source);
    } finally {
      await dispose?.();
    }
  };
  const withStore = async (body: (store: SiteStore) => Promise<void>) => {
    const { store, dispose } = await options.createStore();
    try {
      await body(store);
    } finally {
      await dispose?.();
    }
  };
  options.describe(`docs ports contract: ${options.name}`, () => {
    options.it('lists every file as a relative path with / separators', () =>
      withSource(async (source) => {
        const listed = (await source.list()).sort();
        assert(
          JSON.stringify(listed) === JSON.stringify(Object.keys(CONTRACT_FILES).sort()),
          `listed ${JSON.stringify(listed)}`,
        );
      }),
    );
    options.it('reads the bytes of a listed file exactly', () =>
      withSource(async (source) => {
        const bytes = await source.read('guide/image.png');
        assert(JSON.stringify([...bytes]) === '[0,1,2,255]', `read ${JSON.stringify([...bytes])}`);
        const text = new TextDecoder().decode(await source.read('guide/deep/page.md'));
        assert(text === '# Déjà vu — ✓\n', `read ${JSON.stringify(text)}`);
      }),
    );
    options.it('rejects reading a file that is not listed', () =>
      withSource(async (source) => {
        const failed = await source.read('missing.md').then(
          () => false,
          () => true,
        );
        assert(failed, 'reading missing.md did not reject');
      }),
    );
    options.it('reads site files as text, and missing or escaping paths as undefined', () =>
      withStore(async (store) => {
        assert((await store.readText('guide/deep/page.md')) === '# Déjà vu — ✓\n', 'text differs');
        assert((await store.readText('/index.md')) === '# Home\n', 'a leading / is the same path');
        assert((await store.readText('nope.json')) === undefined, 'a missing file is not undefined');
        assert(
          (await store.readText('../../../etc/passwd')) === undefined,
          'an escaping path is not undefined',
        );
      }),
    );
  });
}
