// Tables and targets for run.mjs. Ratios are always theirs / ours: above 1 means we are better.
const SPEED_TARGET = 5;

const fixed = (value, digits = 0) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));
const ratio = (theirs, ours) => (theirs === null || ours === null || ours <= 0 ? null : theirs / ours);
const times = (value) => (value === null ? 'n/a' : `${value.toFixed(1)}x`);
const rssCell = (result) => `${result.rssPeakIsUpperBound ? '<=' : ''}${fixed(result.rssPeakMiB)}`;

function printTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

/** Prints validate timings and memory, ours beside swagger-parser, one row per input kind. */
export function printValidateTable(cases) {
  console.log('validate: GitHub REST description, ours vs @apidevtools/swagger-parser validate()');
  printTable(
    [
      'case',
      'ours ms med (min)',
      'swagger-parser ms med (min)',
      'speed med',
      'speed min',
      'ours peak RSS MiB',
      'theirs peak RSS MiB',
      'RSS',
      'ours peak heap MiB',
      'theirs peak heap MiB',
      'heap',
    ],
    cases.map(({ mode, ours, theirs }) => [
      mode,
      `${fixed(ours.medianMs)} (${fixed(ours.minMs)})`,
      `${fixed(theirs.medianMs)} (${fixed(theirs.minMs)})`,
      times(ratio(theirs.medianMs, ours.medianMs)),
      times(ratio(theirs.minMs, ours.minMs)),
      rssCell(ours),
      rssCell(theirs),
      times(ratio(theirs.rssPeakMiB, ours.rssPeakMiB)),
      fixed(ours.heapPeakMiB),
      fixed(theirs.heapPeakMiB),
      times(ratio(theirs.heapPeakMiB, ours.heapPeakMiB)),
    ]),
  );
}

/**
 * validate from text against its floor, `JSON.parse` of the same text (what any validator pays
 * before it starts), and against Redocly's `lint` in the same run. Ratios here are x / JSON.parse.
 */
export function printFloorTable(cases, parseOnly, redocly) {
  const text = cases.find(({ mode }) => mode === 'validate-text');
  if (!text) return;
  console.log(
    '\nvalidate-text against the floor (JSON.parse of the same text) and Redocly lint (minimal ruleset)',
  );
  const floor = parseOnly.medianMs;
  printTable(
    ['tool', 'ms med (min)', '× JSON.parse (med)', '× JSON.parse (min)'],
    [
      ['JSON.parse (floor)', parseOnly, 1],
      ['ours validate', text.ours],
      ['@apidevtools/swagger-parser validate', text.theirs],
      ['@redocly/openapi-core lint', redocly],
    ].map(([name, result]) => [
      name,
      `${fixed(result.medianMs)} (${fixed(result.minMs)})`,
      times(ratio(result.medianMs, floor)),
      times(ratio(result.minMs, parseOnly.minMs)),
    ]),
  );
}

/** Prints our diff timings; no installed peer diffs specs, so there is no comparison column. */
export function printDiffTable(cases) {
  console.log(
    '\ndiff: GitHub vs itself, and vs a copy with one operation and one response removed (ours only)',
  );
  printTable(
    ['case', 'ours ms med (min)', 'peak RSS MiB', 'peak heap MiB', 'result array lengths'],
    cases.map(({ mode, ours }) => [
      mode,
      `${fixed(ours.medianMs)} (${fixed(ours.minMs)})`,
      rssCell(ours),
      fixed(ours.heapPeakMiB),
      Object.entries(ours.summary.counts)
        .map(([key, count]) => `${key}=${count}`)
        .join(' '),
    ]),
  );
  const mutated = cases.find(({ mode }) => mode.startsWith('diff-mutated-'));
  if (mutated) {
    const { removed, breaking } = mutated.ours.summary;
    console.log(`mutated copy: removed operation ${removed.operation}, removed response ${removed.response}`);
    if (breaking) console.log(`breaking entries reported: ${JSON.stringify(breaking)}`);
  }
}

/** Every target as data, so the JSON report and --check read the same verdicts. */
export function readTargets(cases, parseOnly) {
  const targets = [];
  const text = cases.find(({ mode }) => mode === 'validate-text');
  if (text && parseOnly) {
    const overFloor = ratio(text.ours.medianMs, parseOnly.medianMs);
    targets.push({
      name: 'validate-text: within 2x of JSON.parse of the same text (median)',
      value: overFloor,
      met: overFloor !== null && overFloor <= 2,
    });
  }
  for (const { mode, ours, theirs } of cases) {
    const speed = ratio(theirs.medianMs, ours.medianMs);
    // Judged on medians; the min ratio in the table shows the cost without scheduling noise.
    targets.push({
      name: `${mode}: >= ${SPEED_TARGET}x faster (median)`,
      value: speed,
      met: speed >= SPEED_TARGET,
    });
    targets.push({
      name: `${mode}: lower peak RSS`,
      value: ratio(theirs.rssPeakMiB, ours.rssPeakMiB),
      met: ours.rssPeakMiB < theirs.rssPeakMiB,
    });
    const heapKnown = ours.heapPeakMiB !== null && theirs.heapPeakMiB !== null;
    targets.push({
      name: `${mode}: lower peak heap`,
      value: ratio(theirs.heapPeakMiB, ours.heapPeakMiB),
      met: heapKnown && ours.heapPeakMiB < theirs.heapPeakMiB,
    });
    targets.push({
      name: `${mode}: both tools find the document valid`,
      value: ours.summary.errorCount,
      unit: 'our errors',
      met: ours.summary.errorCount === 0 && ours.summary.valid === true && theirs.summary.valid === true,
    });
  }
  return targets;
}

/** Prints the verdicts, then what each tool said about validity (our false errors in full). */
export function printTargets(targets, cases) {
  console.log('\ntargets');
  for (const target of targets) {
    const shown = target.unit ? `${target.value} ${target.unit}` : `${target.value?.toFixed(2)}x`;
    const value = typeof target.value === 'number' ? ` (${shown})` : '';
    console.log(`  ${target.met ? 'MET   ' : 'MISSED'} ${target.name}${value}`);
  }
  console.log("\nvalidity of GitHub's description");
  for (const { mode, ours, theirs } of cases) {
    const summary = ours.summary;
    console.log(
      `  ${mode}: ours valid=${summary.valid}, ${summary.errorCount} errors, ${summary.warningCount} warnings; ` +
        `swagger-parser ${theirs.summary.valid ? 'valid' : `invalid: ${theirs.summary.message}`}`,
    );
    if (summary.errorCount > 0) {
      console.log("  false errors (GitHub's description is valid), first 10:");
      for (const error of summary.firstErrors) console.log(`    ${JSON.stringify(error)}`);
    }
  }
}
