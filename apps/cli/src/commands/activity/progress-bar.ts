import type { OutputStream } from '../../cli-io.js';

/**
 * A one-line progress bar redrawn in place with `\r`, shown only on a terminal; elsewhere it
 * prints nothing so logs stay clean.
 *
 * @example
 * const bar = createProgressBar(io.stderr, 'pages');
 * bar.update(3, 10); … bar.done();
 */
export function createProgressBar(
  stream: OutputStream,
  noun: string,
): { update(done: number, total: number): void; done(): void } {
  const width = 30;
  let drawn = false;
  return {
    update(done, total) {
      if (!stream.isTTY || total <= 0) return;
      const filled = Math.round((done / total) * width);
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${noun}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\n');
    },
  };
}
