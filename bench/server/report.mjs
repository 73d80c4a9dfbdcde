// Tables and target verdicts for the server bench.

export const TARGET_RATIO = 0.5;

const pad = (text, width) => String(text).padStart(width);
const COLUMNS = [
  ['case', 30, 'left'],
  ['req/s', 8],
  ['mean ms', 7],
  ['p50 ms', 6],
  ['p99 ms', 6],
  ['vs bare', 7],
  ['server CPU µs/req', 17],
  ['CPU vs bare', 11],
];

function row(cells) {
  return `| ${cells.map((cell, index) => (COLUMNS[index][2] === 'left' ? String(cell).padEnd(COLUMNS[index][1]) : pad(cell, COLUMNS[index][1]))).join(' | ')} |`;
}

/**
 * Prints one database's cases. "vs bare" is req/s relative to the bare route (the target);
 * "CPU vs bare" is the bare route's server CPU per request divided by the case's, the throughput
 * ratio a server with a core of its own would show.
 */
export function printCases(database, cases) {
  const bare = cases.find((c) => c.name === 'bare fastify');
  console.log(`\nsvc server on ${database}`);
  console.log(row(COLUMNS.map(([title]) => title)));
  console.log(`|${COLUMNS.map(([, width]) => '-'.repeat(width + 2)).join('|')}|`);
  for (const c of cases) {
    console.log(
      row([
        c.name,
        c.requestsPerSecond.toFixed(0),
        c.latencyMs.average.toFixed(2),
        c.latencyMs.p50,
        c.latencyMs.p99,
        (c.requestsPerSecond / bare.requestsPerSecond).toFixed(2),
        c.serverCpuMicrosPerRequest.toFixed(1),
        (bare.serverCpuMicrosPerRequest / c.serverCpuMicrosPerRequest).toFixed(2),
      ]),
    );
  }
}

/** The authenticated cases against the target: at least half of the bare route's req/s. */
export function readTargets(database, cases) {
  const bare = cases.find((c) => c.name === 'bare fastify');
  return cases
    .filter((c) => c.authenticated)
    .map((c) => {
      const ratio = c.requestsPerSecond / bare.requestsPerSecond;
      const cpuRatio = bare.serverCpuMicrosPerRequest / c.serverCpuMicrosPerRequest;
      return {
        database,
        case: c.name,
        ratio: Number(ratio.toFixed(3)),
        cpuRatio: Number(cpuRatio.toFixed(3)),
        target: TARGET_RATIO,
        met: ratio >= TARGET_RATIO,
      };
    });
}

export function printTargets(targets) {
  console.log('\ntargets (authenticated req/s ÷ bare req/s ≥ 0.5)');
  for (const t of targets) {
    console.log(
      `  ${t.met ? 'MET   ' : 'MISSED'} ${t.database.padEnd(8)} ${t.case.padEnd(30)} ${t.ratio.toFixed(2)} (CPU per request: ${t.cpuRatio.toFixed(2)})`,
    );
  }
}
