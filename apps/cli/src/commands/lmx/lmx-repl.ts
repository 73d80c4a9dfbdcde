import { checkScript } from '@svc/lmx-interpreters';

/** What the REPL should do with the text typed so far. */
export type ReplStep = { kind: 'more' } | { kind: 'run'; source: string };

/**
 * Decides whether the pending lines form a complete entry: they do unless every problem
 * found is at the very end of the input (an open `if`, bracket or string), in which case
 * the REPL asks for another line.
 *
 * @example
 * nextReplStep('lmx', 'let x = 1\n', 'if x > 0'); // { kind: 'more' }
 */
export function nextReplStep(mode: string, history: string, pending: string): ReplStep {
  const source = history + pending;
  const { diagnostics } = checkScript({ mode, source });
  const lastLine = source.split('\n').length;
  const waiting =
    diagnostics.length > 0 &&
    diagnostics.some((item) => item.code === 'E_PARSE' && /found end of input/.test(item.message)) &&
    diagnostics.every(
      (item) =>
        item.code !== 'E_PARSE' || item.line >= lastLine - 1 || /found end of input/.test(item.message),
    );
  return waiting ? { kind: 'more' } : { kind: 'run', source };
}
