import type { CliIo, OutputStream } from '../cli-io.js';
import { createStyle, type Style, shouldUseColor } from './color.js';

/** Writes lines to one stream, with the styling that stream allows. */
export interface Printer {
  style: Style;
  line(text?: string): void;
  /** Writes text as is (no newline added). */
  raw(text: string): void;
}

/**
 * A printer for `stream`, coloured when the stream and environment allow it.
 *
 * @example
 * createPrinter(io.stdout, io.env).line('✓ done');
 */
export function createPrinter(stream: OutputStream, env: CliIo['env']): Printer {
  return {
    style: createStyle(shouldUseColor(stream, env)),
    line(text = '') {
      stream.write(`${text}\n`);
    },
    raw(text) {
      stream.write(text);
    },
  };
}

/**
 * Pretty JSON with a trailing newline, the form every `--json` flag prints.
 *
 * @example
 * toJsonText({ a: 1 }); // '{\n  "a": 1\n}\n'
 */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * `1 error`, `2 errors`.
 *
 * @example
 * pluralize(2, 'error'); // '2 errors'
 */
export function pluralize(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
