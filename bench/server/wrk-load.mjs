// One load run with wrk (Debian's package), pinned with taskset to the generator's cores,
// reduced to the numbers the report prints.
import { spawn } from 'node:child_process';

function parseDuration(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2]];
}

/** Reads wrk's text report (with `--latency`). */
export function parseWrkOutput(output) {
  const number = (pattern) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : 0;
  };
  const percentile = (p) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output);
    return match ? parseDuration(match[1]) : Number.NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsTotal: number(/(\d+) requests in/),
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    latencyMs: {
      average: parseDuration(/Latency\s+(\S+)/.exec(output)?.[1] ?? ''),
      p50: percentile(50),
      p90: percentile(90),
      p99: percentile(99),
    },
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    // A read error is a connection the server closed; connect/write/timeouts are failures too.
    errors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/**
 * Runs `wrk -t1 -c<connections> -d<duration>s --latency` against `url` with `headers`, on
 * `cores` (taskset) when given. Every response must be 2xx: a run that measured 401s or 429s
 * would report the speed of refusing, so it throws instead.
 *
 * @example
 * const result = await runWrk({ name: 'svc', url, headers: { cookie }, connections: 10, duration: 5, cores: '1' });
 */
export function runWrk({ name, url, headers = {}, connections, duration, cores }) {
  const wrkArgs = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [header, value] of Object.entries(headers)) wrkArgs.push('-H', `${header}: ${value}`);
  wrkArgs.push(url);
  const [command, args] = cores ? ['taskset', ['-c', cores, 'wrk', ...wrkArgs]] : ['wrk', wrkArgs];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${name}: wrk exited ${code}:\n${output}`));
      const result = parseWrkOutput(output);
      if (result.non2xx > 0 || result.errors > 0 || result.requestsTotal === 0)
        return reject(
          new Error(
            `${name}: ${result.non2xx} non-2xx, ${result.errors} socket errors of ${result.requestsTotal}:\n${output}`,
          ),
        );
      resolve({ name, url, ...result });
    });
  });
}
