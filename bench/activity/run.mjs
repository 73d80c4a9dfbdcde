// Activity pages benchmarks, side by side in one run, with the issue's targets:
//   sudoku: graded unique 9×9 per second ≥ 2× Debian's qqwing;
//   word search: every word placed more often than @blex41/word-search, no ambiguous keys, at least as fast;
//   books: a 100-page book to PDF ≥ 10× faster and ≥ 5× smaller than the same pages' HTML through Chromium
//   (book-vs-chromium.mjs, run as a child and shown as it prints).
// Needs the built package: `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/activity-core`.
//   node bench/activity/run.mjs [--quick]
// --quick: a few puzzles and a 2-page book, once; no targets, nothing written to results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QUICK } from '../shared/bench-support.mjs';
import { compareSudoku } from './sudoku-vs-qqwing.mjs';
import { compareWordsearch } from './wordsearch-vs-blex.mjs';

const fixed = (value, digits = 2) => value.toFixed(digits);
const results = { generatedAt: new Date().toISOString(), node: process.version };
const verdicts = [];
const target = (met, text) => verdicts.push(`  ${met ? 'MET   ' : 'MISSED'} ${text}`);

console.log('sudoku: graded unique 9×9 puzzles per second, ours vs qqwing --stats (200 each)');
results.sudoku = await compareSudoku(QUICK ? { count: 3, difficulties: ['any'] } : { count: 200 });
console.log('| difficulty | ours /s | qqwing /s | ratio |\n|---|---|---|---|');
for (const row of results.sudoku) {
  console.log(
    `| ${row.difficulty} | ${fixed(row.oursPerSecond, 0)} | ${row.ratio === null ? 'n/a' : fixed(row.qqwingPerSecond, 0)} | ${row.ratio === null ? 'n/a' : `${fixed(row.ratio)}×`} |`,
  );
  target(
    row.ratio >= 2,
    `sudoku ${row.difficulty}: ≥ 2× qqwing (${row.ratio === null ? 'not measured' : `${fixed(row.ratio)}×`})`,
  );
}

console.log(
  `\nword search: 12×12, 16 words, all 8 directions, ${QUICK ? 3 : 300} word lists, ours vs @blex41/word-search`,
);
const ws = await compareWordsearch({ trials: QUICK ? 3 : 300 });
results.wordsearch = ws;
console.log(
  '| generator | all words placed | mean placed | ambiguous keys | ms / puzzle |\n|---|---|---|---|---|',
);
for (const [name, s] of [
  ['svc', ws.ours],
  ['blex41', ws.blex],
]) {
  console.log(
    `| ${name} | ${fixed(s.allWordsPlaced * 100, 1)}% | ${fixed(s.meanPlaced)} | ${fixed(s.ambiguousKeys * 100, 1)}% | ${fixed(s.msPerPuzzle, 3)} |`,
  );
}
target(
  ws.ours.allWordsPlaced >= ws.blex.allWordsPlaced,
  'word search: all words placed at least as often as blex41',
);
target(ws.ours.ambiguousKeys === 0, 'word search: no ambiguous answer keys');
target(
  ws.ours.msPerPuzzle <= ws.blex.msPerPuzzle,
  `word search: at least as fast (${fixed(ws.blex.msPerPuzzle / ws.ours.msPerPuzzle)}× blex41's speed)`,
);

console.log('\nbooks: 100-page book to PDF vs the same pages through headless Chromium');
const bookScript = fileURLToPath(new URL('./book-vs-chromium.mjs', import.meta.url));
const bookArgs = QUICK ? ['--pages', '2', '--runs', '1', '--quick'] : ['--pages', '100', '--runs', '3'];
const bookOutput = execFileSync(process.execPath, [bookScript, ...bookArgs], { encoding: 'utf8' });
process.stdout.write(bookOutput);
results.books = bookOutput;

if (QUICK) {
  console.log('\n--quick: a few puzzles and a 2-page book, once; no targets, nothing written to results/.');
} else {
  console.log('\ntargets');
  for (const line of verdicts) console.log(line);
  const resultsDir = new URL('../results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(new URL('activity.json', resultsDir), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults written to ${fileURLToPath(new URL('activity.json', resultsDir))}`);
}
