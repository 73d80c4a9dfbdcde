// Graded, unique 9×9 sudoku per second: @svc/activity-core against Debian's qqwing, same run.
// Both sides grade every puzzle (qqwing with --stats, which rates the moves needed).
//   node bench/activity/sudoku-vs-qqwing.mjs [--count 300]
import { execFileSync } from 'node:child_process';

const QQWING = '/usr/bin/qqwing';
const dist = new URL('../../packages/activity-core/dist/index.js', import.meta.url);

import { peerToolAvailable } from '../shared/bench-support.mjs';

/**
 * Times `count` puzzles of each difficulty on both sides; returns puzzles per second (qqwing's
 * side null when a quick run outside CI has no qqwing).
 */
export async function compareSudoku({ count = 300, difficulties = ['any', 'easy', 'expert'] } = {}) {
  const withPeer = peerToolAvailable(QQWING, 'qqwing');
  const { generatePage } = await import(dist.href);
  for (let i = 0; i < 20; i++) generatePage({ kind: 'sudoku', input: { size: 9 }, seed: `warm-${i}` });
  const rows = [];
  for (const difficulty of difficulties) {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      generatePage({
        kind: 'sudoku',
        input: { size: 9, difficulty, symmetry: 'none' },
        seed: `bench-${difficulty}-${i}`,
      });
    }
    const oursMs = performance.now() - started;
    const ours = (count / oursMs) * 1000;
    if (!withPeer) {
      rows.push({ difficulty, count, oursPerSecond: ours, qqwingPerSecond: null, ratio: null });
      continue;
    }
    const theirsStarted = performance.now();
    const output = execFileSync(
      QQWING,
      [
        '--generate',
        String(count),
        '--difficulty',
        difficulty,
        '--symmetry',
        'none',
        '--stats',
        '--one-line',
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const theirsMs = performance.now() - theirsStarted;
    const produced = output.split('\n').filter((line) => /^[.0-9]{81}$/.test(line.trim())).length;
    if (produced !== count) throw new Error(`qqwing printed ${produced} puzzles, expected ${count}`);
    const theirs = (count / theirsMs) * 1000;
    rows.push({ difficulty, count, oursPerSecond: ours, qqwingPerSecond: theirs, ratio: ours / theirs });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const countArg = process.argv.indexOf('--count');
  const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 300;
  for (const row of await compareSudoku({ count })) console.log(row);
}
