// What `validate` (strict) finds on the real descriptions of the bench corpus, against what Redocly's
// `recommended` set reports on the same files, counted per equivalent rule (the `redocly` column of
// the rule catalogue), plus both tools' time on GitHub's description in this one process.
// Usage: node spec-toolkit/compare-redocly.mjs [--skip-github]
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { listValidateRules, validate } from '@svc/spec-toolkit';
import { readGithubText, resolveGithubPath } from './inputs.mjs';

const toolkitRequire = createRequire(new URL('../../packages/spec-toolkit/package.json', import.meta.url));
const examplesRoot = dirname(toolkitRequire.resolve('@readme/oas-examples/package.json'));
const files = ['2.0', '3.0', '3.1'].flatMap((version) =>
  readdirSync(join(examplesRoot, version, 'json'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name: `readme ${version}/${name}`, path: join(examplesRoot, version, 'json', name) })),
);
if (!process.argv.includes('--skip-github'))
  files.unshift({ name: 'github api.github.com.json', path: resolveGithubPath() });

const config = await createConfig({ extends: ['recommended'] });
const ourToRedocly = new Map(
  listValidateRules().map((rule) => [rule.id, rule.redocly ?? `(no Redocly rule) ${rule.id}`]),
);
const totals = new Map();
const add = (rule, side, count = 1) => {
  const row = totals.get(rule) ?? { ours: 0, redocly: 0 };
  row[side] += count;
  totals.set(rule, row);
};
let timing;
for (const file of files) {
  const text = file.name.startsWith('github') ? readGithubText() : readFileSync(file.path, 'utf8');
  const github = file.name.startsWith('github');
  // GitHub's description is also timed: ours warmed up twice, then the median of three runs.
  if (github) for (let warm = 0; warm < 2; warm++) validate({ spec: text, options: { strict: true } });
  const times = [];
  let ours;
  for (let run = 0; run < (github ? 3 : 1); run++) {
    const started = performance.now();
    ours = validate({ spec: text, options: { strict: true } });
    times.push(performance.now() - started);
  }
  const oursMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const started = performance.now();
  const problems = await lintFromString({ source: text, absoluteRef: file.path, config });
  const redoclyMs = performance.now() - started;
  if (github) timing = { oursMs, redoclyMs };
  for (const finding of [...ours.errors, ...ours.warnings])
    add(ourToRedocly.get(finding.code) ?? finding.code, 'ours');
  for (const problem of problems) add(problem.ruleId, 'redocly');
}
const rows = [...totals].sort((a, b) => a[0].localeCompare(b[0]));
console.log(`${files.length} files (GitHub's description and ReadMe's JSON examples)\n`);
console.log('| Redocly rule (recommended) | Redocly | svc (strict, equivalent rules) |');
console.log('|---|---|---|');
for (const [rule, row] of rows) console.log(`| \`${rule}\` | ${row.redocly} | ${row.ours} |`);
if (timing) {
  console.log(
    `\nGitHub, same process: svc validate --strict ${timing.oursMs.toFixed(0)} ms (median of 3 after 2 warm-ups), Redocly lint (recommended, one run) ${timing.redoclyMs.toFixed(0)} ms (${(timing.redoclyMs / timing.oursMs).toFixed(1)}x)`,
  );
}
