import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { executeScript } from '../../execute-script.js';

/** A tools bridge whose tools answer their arguments (the server's resolves real tools). */
function echoTools() {
  const uses: unknown[] = [];
  const bridges: BridgeCaller = {
    available: new Set(['tools']),
    call(_bridge, method, args) {
      if (method !== 'use') return [];
      uses.push(args);
      return {
        ok: true,
        result: (args as { args: unknown }).args,
        provider: 'test',
        durationMs: 1,
        charged: 0,
      };
    },
  };
  return { uses, bridges };
}

describe('lma', () => {
  it('EACH t IN topics USE … {"topic": "{{item.name}}"}: item is the element, as the design sheet writes it', () => {
    const tools = echoTools();
    const result = executeScript(
      {
        mode: 'lma',
        source:
          'let topics = [{name: "bees"}, {name: "kites"}]\nEACH t IN topics USE dreamer.dream {"topic": "{{item.name}}", "also": "{{t.name}}"} -> ideas\nprint len(ideas)',
      },
      { bridges: tools.bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['2']);
    expect(tools.uses).toEqual([
      { name: 'dreamer.dream', args: { topic: 'bees', also: 'bees' } },
      { name: 'dreamer.dream', args: { topic: 'kites', also: 'kites' } },
    ]);
  });
});
