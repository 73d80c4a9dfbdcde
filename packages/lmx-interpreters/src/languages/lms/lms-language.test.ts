import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { executeScript } from '../../execute-script.js';

/** A host bridge recording the command lines RUN sends (the server splits them into arguments). */
function recordingHost() {
  const commands: string[] = [];
  const bridges: BridgeCaller = {
    available: new Set(['host']),
    call(_bridge, _method, args) {
      commands.push((args as { command: string }).command);
      return {
        exitCode: 0,
        signal: null,
        stdout: '',
        stderr: '',
        timedOut: false,
        truncated: false,
        durationMs: 1,
      };
    },
  };
  return { commands, bridges };
}

describe('lms', () => {
  it('keeps a template value one argument: blanks, quotes and ; inside it never split it', () => {
    const host = recordingHost();
    const result = executeScript(
      {
        mode: 'lms',
        source: `let v = "two words; rm -rf / 'q'"\nRUN "grep -c {{v}} notes.txt"\nRUN "grep '{{v}}' x"\nRUN "grep \\"{{v}}\\" x"`,
      },
      { bridges: host.bridges },
    );
    expect(result.error).toBeUndefined();
    expect(host.commands).toEqual([
      `grep -c 'two words; rm -rf / '\\''q'\\''' notes.txt`,
      `grep 'two words; rm -rf / '\\''q'\\''' x`,
      `grep "two words; rm -rf / 'q'" x`,
    ]);
  });

  it('leaves a command without templates as written, and quotes on request with quote_argument', () => {
    const host = recordingHost();
    const result = executeScript(
      { mode: 'lms', source: `RUN "ls -l"\nprint quote_argument("it's")` },
      { bridges: host.bridges },
    );
    expect(host.commands).toEqual(['ls -l']);
    expect(result.output).toEqual([`'it'\\''s'`]);
  });
});
