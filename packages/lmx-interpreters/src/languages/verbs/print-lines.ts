import type { RunContext } from '../../core/run-context.js';

/** Prints text line by line (without a trailing empty line), each with `prefix`. */
export function printLines(context: RunContext, text: string, prefix = ''): void {
  if (text === '') return;
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  for (const line of lines) context.print(`${prefix}${line}`);
}
