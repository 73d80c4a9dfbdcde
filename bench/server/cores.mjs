// Where the server bench puts its processes: the server on its own core(s), the load generator
// on the rest (taskset), so a ratio measures the server and not the generator beside it.
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/** True when a command runs here (`wrk`, `taskset`). */
export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The core plan: `server` is the first core, `second` the core a second instance may take,
 * `load` the generator's cores. With 2 cores the generator shares nothing with the first server
 * but must share with a second instance given its own core; with 1 core (or no taskset) nothing
 * is pinned and the report says so.
 */
export function planCores() {
  const count = cpus().length;
  if (count < 2 || !hasCommand('taskset')) return { pinned: false, count };
  return {
    pinned: true,
    count,
    server: '0',
    second: '1',
    load: count >= 3 ? `2-${count - 1}` : '1',
  };
}

/** Pins every thread of process `pid` to `cores` (a taskset list such as `0` or `2-3`). */
export function pinProcess(pid, cores) {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset -a -p -c ${cores} ${pid} failed: ${result.stderr}`);
}
