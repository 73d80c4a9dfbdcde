// Runs the pinned pnpm through npx, so a machine with only Node and npm can drive the
// workspace (no global pnpm, no corepack).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const pnpmSpec = manifest.packageManager; // e.g. pnpm@10.34.8

/** Runs a command in the repository root, streaming its output; returns the exit status. */
export function run(command, args, options = {}) {
  // Offline machines: no telemetry, update checks or remote cache lookups from turbo.
  const env = {
    ...process.env,
    TURBO_TELEMETRY_DISABLED: '1',
    TURBO_NO_UPDATE_NOTIFIER: '1',
    DO_NOT_TRACK: '1',
  };
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: false, env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs pinned pnpm with the given arguments. */
export function pnpm(args, options) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  return run(npx, ['-y', pnpmSpec, ...args], options);
}

/** Installs the workspace: frozen lockfile in CI, so a drifted lockfile fails loudly. */
export function install() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  return pnpm(['install', '--reporter=append-only', ...frozen]);
}

/** Runs a step and exits the process when it fails. */
export function step(title, fn) {
  process.stdout.write(`\n=== ${title}\n`);
  const status = fn();
  if (status !== 0) {
    process.stdout.write(`\n=== ${title}: failed (exit ${status})\n`);
    process.exit(status);
  }
}
