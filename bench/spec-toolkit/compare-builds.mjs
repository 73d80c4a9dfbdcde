// Interleaves JSON.parse, an earlier build's validate and this build's validate on GitHub's text,
// so a change's cost is read as two ratios taken under the same machine load.
// Usage (from bench/): copy the earlier build first, e.g.
//   mkdir -p ../packages/spec-toolkit/.before && cp <main checkout>/packages/spec-toolkit/dist/index.js ../packages/spec-toolkit/.before/
//   node --expose-gc spec-toolkit/compare-builds.mjs [runs 11] [strict] [positions]
import { validate as after } from '@svc/spec-toolkit';
import { readGithubText } from './inputs.mjs';

const { validate: before } = await import(
  new URL('../../packages/spec-toolkit/.before/index.js', import.meta.url)
);
const runs = Number(process.argv[2] ?? 11);
const text = readGithubText();
const strict = process.argv.includes('strict');
// `positions`: also read a finding's line inside the timed region (this build locates findings on first read).
const positions = process.argv.includes('positions');
const touch = (result) => {
  if (positions) (result.warnings[0] ?? result.errors[0])?.line;
};
const t = { parse: [], before: [], after: [] };
// CPU time too (all threads of this process): less disturbed than wall time on a shared machine.
const c = { parse: [], before: [], after: [] };
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
for (let i = 0; i < runs + 2; i++) {
  globalThis.gc?.();
  let u = process.cpuUsage();
  let s = performance.now();
  JSON.parse(text);
  const p = performance.now() - s;
  const pc = cpuMs(u);
  globalThis.gc?.();
  u = process.cpuUsage();
  s = performance.now();
  touch(before({ spec: text, options: { strict } }));
  const b = performance.now() - s;
  const bc = cpuMs(u);
  globalThis.gc?.();
  u = process.cpuUsage();
  s = performance.now();
  touch(after({ spec: text, options: { strict } }));
  const a = performance.now() - s;
  const ac = cpuMs(u);
  if (i >= 2) {
    t.parse.push(p);
    t.before.push(b);
    t.after.push(a);
    c.parse.push(pc);
    c.before.push(bc);
    c.after.push(ac);
  }
}
const med = (l) => [...l].sort((x, y) => x - y)[Math.floor(l.length / 2)];
const mp = med(t.parse);
console.log(
  JSON.stringify({
    strict,
    positions,
    parseMs: +mp.toFixed(1),
    beforeMs: +med(t.before).toFixed(1),
    afterMs: +med(t.after).toFixed(1),
    beforeRatio: +(med(t.before) / mp).toFixed(2),
    afterRatio: +(med(t.after) / mp).toFixed(2),
    pairBefore: +med(t.before.map((b, i) => b / t.parse[i])).toFixed(2),
    pairAfter: +med(t.after.map((a, i) => a / t.parse[i])).toFixed(2),
    minBefore: +(Math.min(...t.before) / Math.min(...t.parse)).toFixed(2),
    minAfter: +(Math.min(...t.after) / Math.min(...t.parse)).toFixed(2),
    cpuBefore: +(med(c.before) / med(c.parse)).toFixed(2),
    cpuAfter: +(med(c.after) / med(c.parse)).toFixed(2),
  }),
);
