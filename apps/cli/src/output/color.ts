import type { OutputStream } from '../cli-io.js';

/** ANSI styling that turns into plain text when colour is off. */
export interface Style {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/**
 * Whether to colour output on `stream`: `FORCE_COLOR` wins (`0` or `false` forces it off),
 * then a non-empty `NO_COLOR` or `TERM=dumb` turns it off, else only a TTY gets colour.
 *
 * @example
 * shouldUseColor(process.stdout, { NO_COLOR: '1' }); // false
 */
export function shouldUseColor(
  stream: OutputStream,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/**
 * A {@link Style} that colours only when `enabled`.
 *
 * @example
 * createStyle(false).red('x'); // 'x'
 */
export function createStyle(enabled: boolean): Style {
  const paint = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
    cyan: paint(36, 39),
  };
}
