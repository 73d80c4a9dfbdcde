import { afterAll, describe, expect, it } from 'vitest';
import { createScriptRunner } from '../runtime/script-runner.js';
import { createMemoryAdaptersBridge } from './memory-adapters-bridge.js';

const runner = createScriptRunner({ poolSize: 1, maxWorkers: 1 });
afterAll(() => runner.close());

describe('the in-memory adapters bridge', () => {
  it('answers lmx adapter() calls from its table and remembers them', async () => {
    const adapters = createMemoryAdaptersBridge({ 'pages.listKinds': () => ({ kinds: ['maze', 'sudoku'] }) });
    const result = await runner.run({
      mode: 'lmx',
      source: 'print len(adapter("pages.listKinds", {page: 2}).kinds)',
      bridges: { adapters },
    });
    expect(result.output).toEqual(['2']);
    expect(adapters.calls).toEqual([{ name: 'pages.listKinds', args: { page: 2 } }]);
  });

  it('tells the script about an unknown adapter', async () => {
    const adapters = createMemoryAdaptersBridge({});
    const result = await runner.run({ mode: 'lmx', source: 'adapter("nope.fn")', bridges: { adapters } });
    expect(result.error).toMatchObject({ code: 'E_BRIDGE_FAILED', message: 'no adapter "nope.fn"', line: 1 });
  });
});
