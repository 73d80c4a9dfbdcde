// Docs search benchmark: relevance (recall@5, MRR@10) of @svc/docs-reader against MiniSearch and
// Orama on the same sections of svc's docs, and speed and size against MiniSearch, in one run.
//   node docs-reader/run.mjs [--no-api] [--rounds 30] [--check] [--misses] [--quick]
// --quick: one round; no targets, nothing written to results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { QUICK, warnIfStale } from '../shared/bench-support.mjs';
import { loadCorpus } from './corpus.mjs';
import { createMiniSearch, createOrama, createOurs } from './engines.mjs';
import { QUERIES } from './queries.mjs';
import { measureRelevance } from './relevance.mjs';

const args = process.argv.slice(2);
const rounds = QUICK ? 1 : Number(args[args.indexOf('--rounds') + 1]) || 30;
warnIfStale(['packages/docs-reader']);

const corpus = await loadCorpus({ api: !args.includes('--no-api') });
console.log(
  `Corpus: ${corpus.site.pages.length} pages, ${corpus.sections.length} sections of svc's docs (API extraction ${(corpus.extractMs / 1000).toFixed(1)} s, not counted below).`,
);
const ours = createOurs(corpus.sections);
const mini = createMiniSearch(corpus.sections);
const orama = await createOrama(corpus.sections);

const relevance = await measureRelevance([ours, mini, orama], corpus.site.pages);
console.log(`\nRelevance over ${QUERIES.length} queries (expected page and section):`);
console.table(relevance.map(({ misses, ...row }) => row));
if (args.includes('--misses'))
  for (const row of relevance) console.log(`\n${row.engine} misses:\n  ${row.misses.join('\n  ')}`);

function timeMany(run, count) {
  const times = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
const median = (sorted) => sorted[Math.floor(sorted.length / 2)];
const p99 = (sorted) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];

// Warm both engines' query paths before measuring.
for (let index = 0; index < 3; index++) {
  for (const { q } of QUERIES) {
    ours.rawQuery(q);
    mini.rawQuery(q);
  }
}

const measure = (engine) => {
  const build = timeMany(() => engine.build(), Math.max(5, Math.floor(rounds / 3)));
  const load = timeMany(() => engine.load(engine.serialized), rounds);
  const queries = [];
  for (let round = 0; round < rounds; round++) {
    for (const { q } of QUERIES) {
      const started = performance.now();
      engine.rawQuery(q);
      queries.push(performance.now() - started);
    }
  }
  queries.sort((a, b) => a - b);
  return {
    engine: engine.name,
    'build ms (median)': median(build),
    'index bytes': Buffer.byteLength(engine.serialized),
    'load ms (median)': median(load),
    'query ms (median)': median(queries),
    'query ms (p99)': p99(queries),
  };
};
const speedOurs = measure(ours);
const speedMini = measure(mini);
const siteStarted = performance.now();
await (await import('@svc/docs-reader')).buildDocsSite(corpus.options);
const siteMs = performance.now() - siteStarted;
const speed = [speedOurs, speedMini].map((row) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'number' && !key.includes('bytes') ? Number(value.toFixed(3)) : value,
    ]),
  ),
);
console.log(
  `\nSpeed and size (${rounds} rounds of ${QUERIES.length} queries; same sections, same field boosts, prefix + fuzzy):`,
);
console.table(speed);
const ratios = {
  'query median (MiniSearch / ours)': speedMini['query ms (median)'] / speedOurs['query ms (median)'],
  'query p99 (MiniSearch / ours)': speedMini['query ms (p99)'] / speedOurs['query ms (p99)'],
  'load (MiniSearch / ours)': speedMini['load ms (median)'] / speedOurs['load ms (median)'],
  'index size (ours / MiniSearch)': speedOurs['index bytes'] / speedMini['index bytes'],
};
console.table(
  Object.fromEntries(Object.entries(ratios).map(([key, value]) => [key, Number(value.toFixed(2))])),
);
console.log(
  `Whole static site build (${corpus.site.files.size} files, API already extracted): ${siteMs.toFixed(0)} ms`,
);

if (QUICK) {
  console.log('\n--quick: one round; no targets, nothing written to results/.');
} else {
  const [r0, r1, r2] = relevance;
  const targets = {
    'recall@5 ≥ best peer (section)':
      r0['section recall@5'] >= Math.max(r1['section recall@5'], r2['section recall@5']),
    'MRR@10 ≥ best peer (section)':
      r0['section MRR@10'] >= Math.max(r1['section MRR@10'], r2['section MRR@10']),
    'queries ≥ 2× faster (median)': ratios['query median (MiniSearch / ours)'] >= 2,
    'load ≥ 2× faster': ratios['load (MiniSearch / ours)'] >= 2,
    'index no larger': ratios['index size (ours / MiniSearch)'] <= 1,
  };
  console.log('\nTargets:', targets);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/docs-reader.json', import.meta.url),
    `${JSON.stringify({ relevance, speed, ratios, siteMs, targets }, null, 2)}\n`,
  );
  if (args.includes('--check') && Object.values(targets).includes(false)) process.exitCode = 1;
}
