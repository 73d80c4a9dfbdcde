import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { executeScript } from '../../execute-script.js';

const NOTES = [
  { title: 'Buy flour', tag: 'kitchen', minutes: 5 },
  { title: 'Fix the oven', tag: 'kitchen', minutes: 45 },
  { title: 'Call the bank', tag: 'errands', minutes: 10 },
];

/** An in-process install bridge recording each request (the server's applies the real checks). */
function installBridge() {
  const calls: [string, unknown][] = [];
  const bridges: BridgeCaller = {
    available: new Set(['install']),
    call(_bridge, method, args) {
      calls.push([method, args]);
      if (method === 'can') return (args as { capability: string }).capability === 'llm.chat' ? 'yes' : 'no';
      if (method === 'providers') return [{ provider: 'stub' }];
      if (method === 'list') return NOTES;
      return {};
    },
  };
  return { calls, bridges };
}

describe('lmi', () => {
  it('CAN with a variable asks about the variable’s value; a bare word that is no variable is itself', () => {
    const install = installBridge();
    const result = executeScript(
      { mode: 'lmi', source: 'let cap = "llm.chat"\nCAN cap\nCAN flying' },
      { bridges: install.bridges },
    );
    expect(result.output).toEqual(['yes', 'no']);
    expect(install.calls).toEqual([
      ['can', { capability: 'llm.chat' }],
      ['can', { capability: 'flying' }],
    ]);
  });

  it('keeps a bare word as written when its variable is declared but not yet set', () => {
    const install = installBridge();
    const result = executeScript(
      { mode: 'lmi', source: 'LIST notes WHERE title contains bank -> bank\nprint bank[0].title' },
      { bridges: install.bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['Call the bank']);
  });

  it('calls can() and providers() as builtins, at the start of a line too', () => {
    const install = installBridge();
    const result = executeScript(
      { mode: 'lmi', source: 'print can("llm.chat"), providers("llm.chat")[0].provider\ncan("x")' },
      { bridges: install.bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['yes stub']);
  });

  it('LIST … WHERE compares with >, !=, contains, filtering the newest rows here', () => {
    const install = installBridge();
    const result = executeScript(
      {
        mode: 'lmi',
        source:
          'LIST notes WHERE minutes > 8 -> long\nprint len(long)\nLIST notes WHERE tag != kitchen\nLIST notes WHERE title contains oven LIMIT 1',
      },
      { bridges: install.bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      '2',
      '{title: "Call the bank", tag: "errands", minutes: 10}',
      '(1 row)',
      '{title: "Fix the oven", tag: "kitchen", minutes: 45}',
      '(1 row)',
    ]);
    expect(install.calls[0]).toEqual(['list', { collection: 'notes', limit: 5000 }]);
  });

  it('LIST … WHERE = still goes to the data layer as a filter', () => {
    const install = installBridge();
    executeScript(
      { mode: 'lmi', source: 'LIST notes WHERE tag = kitchen LIMIT 5' },
      { bridges: install.bridges },
    );
    expect(install.calls).toEqual([['list', { collection: 'notes', where: { tag: 'kitchen' }, limit: 5 }]]);
  });

  it('refuses a comparison it does not know, at check time', () => {
    const result = executeScript({ mode: 'lmi', source: 'LIST notes WHERE minutes ~ 3' });
    expect(result.error).toMatchObject({ code: 'E_PARSE' });
    expect(result.error?.message).toContain('a comparison (=, !=, <, <=, >, >=, contains)');
  });
});
