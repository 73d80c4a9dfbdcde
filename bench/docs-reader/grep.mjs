// grepDocs matcher benchmark: the linear-time matcher (`reader.grep`, RE2 semantics through re2js)
// against the matcher it replaced (a JavaScript RegExp per line), on the same pages, for the
// regular expressions people write; then hostile patterns on the new matcher alone (the old one
// runs them for seconds to hours).
//   node docs-reader/grep.mjs [--rounds 15]
import { mkdirSync, writeFileSync } from 'node:fs';
import { createMemorySiteStore, loadDocsReader, MAX_GREP_LINE } from '@svc/docs-reader';
import { warnIfStale } from '../shared/bench-support.mjs';
import { loadCorpus } from './corpus.mjs';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 15;
warnIfStale(['packages/docs-reader']);

const corpus = await loadCorpus({ api: false });
const pages = corpus.site.pages;
// A clock that never advances: the linear-time side scans every line, as the old one did.
const reader = await loadDocsReader(createMemorySiteStore(corpus.site.files), { now: () => 0 });
const lineCount = pages.reduce((sum, page) => sum + page.body.split('\n').length, 0);
console.log(`Corpus: ${pages.length} pages, ${lineCount} lines of svc's docs.`);

/** The matcher grepPages used before: a JavaScript RegExp tested on every line, no budget. */
function grepWithRegExp(pattern, limit) {
  const regex = new RegExp(pattern, 'i');
  let found = 0;
  for (const page of pages) {
    for (const line of page.body.split('\n')) {
      if (regex.test(line.slice(0, MAX_GREP_LINE)) && ++found === limit) return found;
    }
  }
  return found;
}
const grepLinear = (pattern, limit) => reader.grep({ pattern, regex: true, limit }).matches.length;

const median = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
function timeMedian(run) {
  run();
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return Number(median(times).toFixed(2));
}

// The limit is high enough never to stop either side.
const NORMAL = [
  'retry-after',
  '^\\| `[a-z]+` \\|',
  'GATE_[A-Z_]+',
  '\\bfunction\\s+\\w+\\(',
  'https?://[^ )]+',
  '(get|post)\\s+/api/\\w+',
  '\\d{3} [A-Z]+_[A-Z_]+',
];
const normal = NORMAL.map((pattern) => {
  const lines = grepLinear(pattern, 500);
  if (lines !== grepWithRegExp(pattern, 500)) throw new Error(`the matchers disagree on ${pattern}`);
  const regexpMs = timeMedian(() => grepWithRegExp(pattern, 500));
  const linearMs = timeMedian(() => grepLinear(pattern, 500));
  return {
    pattern,
    lines,
    'RegExp ms': regexpMs,
    're2js ms': linearMs,
    ratio: Number((linearMs / regexpMs).toFixed(1)),
  };
});
console.log(`\nWhole-corpus greps, median of ${rounds} rounds (same lines found):`);
console.table(normal);

const HOSTILE = ['.*.*.*.*\u0001', '.*.*.*.*.*\u0001', '(a+)+$', '^(\\w+\\s?)*\u0001$', '(.*a){12}\u0001'];
const hostile = HOSTILE.map((pattern) => ({
  pattern: JSON.stringify(pattern),
  're2js ms': timeMedian(() => grepLinear(pattern, 500)),
}));
console.log('\nHostile patterns on the linear-time matcher (a RegExp takes seconds to hours on them):');
console.table(hostile);

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/docs-reader-grep.json', import.meta.url),
  `${JSON.stringify({ pages: pages.length, lines: lineCount, rounds, normal, hostile }, null, 2)}\n`,
);
