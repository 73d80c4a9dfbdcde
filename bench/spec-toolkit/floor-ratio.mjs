// What a walk of the parsed tree costs beside JSON.parse, against validate, on GitHub's text:
// interleaved in one process (full collection before each call), medians of wall and CPU time.
// A floor for any validator that checks the tree after JSON.parse: each full walk of the ~90,000
// objects reads the freshly parsed tree again from memory, whatever it checks.
// Usage (from bench/): node --expose-gc spec-toolkit/floor-ratio.mjs [runs 21]
import { validate } from '@svc/spec-toolkit';
import { readGithubText } from './inputs.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('Run with --expose-gc.');
const runs = Number(process.argv[2] ?? 21);
const text = readGithubText();
let objects = 0;
/** Visits every object and array once: `for…in` over members, indexes over elements. */
function walk(value) {
  if (typeof value !== 'object' || value === null) return;
  objects += 1;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) walk(value[index]);
    return;
  }
  for (const key in value) walk(value[key]);
}
const cases = {
  'JSON.parse': () => JSON.parse(text),
  'parse + 1 walk': () => walk(JSON.parse(text)),
  'parse + 3 walks': () => {
    const tree = JSON.parse(text);
    walk(tree);
    walk(tree);
    walk(tree);
  },
  'validate({ spec: text })': () => validate({ spec: text }),
};
const wall = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const cpu = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < runs + 2; round += 1) {
  for (const [name, call] of Object.entries(cases)) {
    globalThis.gc();
    const used = process.cpuUsage();
    const started = performance.now();
    call();
    const elapsed = performance.now() - started;
    const spent = process.cpuUsage(used);
    if (round < 2) continue;
    wall[name].push(elapsed);
    cpu[name].push((spent.user + spent.system) / 1000);
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const parseWall = median(wall['JSON.parse']);
const parseCpu = median(cpu['JSON.parse']);
console.log(
  `GitHub's description, ${runs} interleaved rounds, medians (objects per walk: ${objects / ((runs + 2) * 4)})`,
);
console.log('| call | wall ms | × parse | CPU ms | × parse |\n|---|---|---|---|---|');
for (const name of Object.keys(cases)) {
  const w = median(wall[name]);
  const c = median(cpu[name]);
  console.log(
    `| ${name} | ${w.toFixed(1)} | ${(w / parseWall).toFixed(2)} | ${c.toFixed(1)} | ${(c / parseCpu).toFixed(2)} |`,
  );
}
