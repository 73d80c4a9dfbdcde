// Helpers the area benchmarks share: a JSON call against a running server, and a warning when
// a package's sources are newer than the build the bench measures.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One JSON request to a running svc server; throws on a non-2xx answer.
 *
 * @example
 * const { body } = await callServer(url, 'POST', '/keys', { body: { name: 'bench' }, cookie });
 */
export async function callServer(base, method, path, { body, cookie } = {}) {
  const headers = { origin: base };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { response, body: text ? JSON.parse(text) : null };
}

/**
 * The bench measures built code: warns when a source file of a workspace package (say
 * `apps/server`) is newer than its `dist/index.js`.
 *
 * @example
 * warnIfStale(['packages/dreamer-core', 'apps/server']);
 */
export function warnIfStale(names) {
  for (const name of names) {
    const dist = new URL(`../../${name}/dist/index.js`, import.meta.url);
    const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
    const newer = readdirSync(new URL(`../../${name}/src/`, import.meta.url), {
      recursive: true,
      withFileTypes: true,
    }).find(
      (entry) =>
        entry.isFile() &&
        !entry.name.endsWith('.test.ts') &&
        statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt,
    );
    if (newer)
      console.warn(`warning: ${name}/src/…/${newer.name} is newer than ${name}/dist; rebuild first.`);
  }
}

/**
 * `--quick`: tiny inputs, one run, no targets and nothing written to `results/`. `npm test` runs
 * every benchmark this way, so a benchmark that no longer runs fails the suite.
 */
export const QUICK = process.argv.includes('--quick');

/** True when `CI` says this is a pipeline (any value but empty, `0` or `false`). */
function isCi() {
  const value = (process.env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/**
 * Whether the system tool a peer needs (`/usr/bin/qqwing`, `/usr/bin/chromium`) is here. A
 * quick run outside CI leaves a missing peer out with a note; otherwise a missing one throws.
 *
 * @example
 * if (peerToolAvailable('/usr/bin/qqwing', 'qqwing')) await compareWithQqwing();
 */
export function peerToolAvailable(path, debianPackage) {
  if (existsSync(path)) return true;
  if (QUICK && !isCi()) {
    console.warn(
      `note: ${path} is missing, so the peer side is left out (sudo apt-get install -y ${debianPackage}).`,
    );
    return false;
  }
  throw new Error(`${path} is missing: sudo apt-get install -y ${debianPackage}`);
}
