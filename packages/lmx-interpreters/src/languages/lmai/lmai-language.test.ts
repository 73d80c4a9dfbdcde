import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { executeScript } from '../../execute-script.js';

/** An ai bridge answering as the server's does: the echo stub, or a model answering `text`. */
function aiBridge(answer: { text: string; json?: unknown; stub: boolean }): BridgeCaller {
  return {
    available: new Set(['ai']),
    call() {
      return {
        text: answer.text,
        ...(answer.json === undefined ? {} : { json: answer.json }),
        usage: { stub: answer.stub, tokens: answer.stub ? 0 : 7 },
        model: answer.stub ? 'stub/echo' : 'test/model',
      };
    },
  };
}

const SCRIPT = 'ASK auto "Two colours" JSON {type: "array"} -> r\nprint r.json, r.usage.stub';

describe('lmai JSON', () => {
  it('gives the stub’s reply a json field of null, so a script can branch on usage.stub', () => {
    const result = executeScript(
      { mode: 'lmai', source: SCRIPT },
      { bridges: aiBridge({ text: '[stub] Two colours', stub: true }) },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['null true']);
  });

  it('parses a model’s JSON text when the bridge did not, and keeps the bridge’s own json', () => {
    expect(
      executeScript(
        { mode: 'lmai', source: SCRIPT },
        { bridges: aiBridge({ text: '["red", "blue"]', stub: false }) },
      ).output,
    ).toEqual(['["red", "blue"] false']);
    expect(
      executeScript(
        { mode: 'lmai', source: SCRIPT },
        { bridges: aiBridge({ text: 'x', json: [1], stub: false }) },
      ).output,
    ).toEqual(['[1] false']);
  });

  it('ends the run with a typed error when a model’s answer is not JSON', () => {
    const result = executeScript(
      { mode: 'lmai', source: SCRIPT },
      { bridges: aiBridge({ text: 'red and blue', stub: false }) },
    );
    expect(result.error).toMatchObject({
      code: 'E_RUNTIME',
      message: `ASK … JSON: the model's answer is not JSON: "red and blue"`,
      line: 1,
    });
  });
});
