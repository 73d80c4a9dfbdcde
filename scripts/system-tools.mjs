// The test suites that drive a system tool (a browser, a virtual display, poppler). In CI every
// one of them runs and fails loudly when its tool is missing. Outside CI (`CI` unset) a suite
// whose tool is missing is left out of the run, and `npm test` closes by naming each one and the
// one apt-get command that installs what they need (vitest.config.ts, scripts/test.mjs).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Each system tool (the path its suites look for), the Debian package that installs it, and its
 * suites: exact paths from the repository root, or file-name endings matched under every
 * `apps/*\/src`, `packages/*\/src` and `test/`.
 */
export const SYSTEM_TOOL_SUITES = [
  {
    tools: ['/usr/bin/Xvfb', '/usr/bin/xdotool', '/usr/bin/xterm', '/usr/bin/scrot'],
    packages: ['xvfb', 'xdotool', 'xterm', 'scrot'],
    files: [
      'apps/server/src/lmx/lmx-host-docs.test.ts',
      'apps/server/src/lmx/lmx-host-modes.test.ts',
      'apps/server/src/lmx/host/x-display.test.ts',
    ],
  },
  {
    tools: ['/usr/bin/firefox-esr'],
    packages: ['firefox-esr'],
    // Every suite named for Firefox, and the one that drives both engines in one file.
    endings: ['-firefox.browser.test.ts'],
    files: ['apps/server/src/web/console-ideation-stream.browser.test.ts'],
  },
  { tools: ['/usr/bin/chromium'], packages: ['chromium'], endings: ['.browser.test.ts'] },
  {
    tools: ['/usr/bin/pdftoppm', '/usr/bin/pdftotext', '/usr/bin/pdfinfo', '/usr/bin/pdffonts'],
    packages: ['poppler-utils'],
    endings: ['.pdf-tools.test.ts'],
    files: [
      'apps/cli/src/commands/activity/book-page-count.test.ts',
      'apps/server/src/pdf/chromium-pdf-renderer.browser.test.ts',
      'apps/server/src/pdf/pdf-render-server.browser.test.ts',
      'apps/server/src/web/console-books.browser.test.ts',
      'packages/activity-core/src/print/print-page.browser.test.ts',
    ],
  },
];

/** Where vitest.config.ts leaves the suites it skipped, for the closing lines of `npm test`. */
export const SKIPPED_SUITES_FILE = '.vitest-skipped-suites.json';

/** True when `CI` says this is a pipeline (any value but empty, `0` or `false`). */
export function isCi(env) {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/** Every test file under the roots vitest includes, as paths from `root`. */
export function listTestFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) files.push(relative(root, path));
    }
  };
  for (const group of ['apps', 'packages']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base))
      if (existsSync(join(base, name, 'src'))) walk(join(base, name, 'src'));
  }
  if (existsSync(join(root, 'test'))) walk(join(root, 'test'));
  return files.sort();
}

/**
 * The suites to leave out: none in CI; elsewhere each suite one of whose tools is missing, with
 * what it lacks. `exists` answers whether a tool's path exists (the file system by default).
 *
 * @example
 * planSystemToolSkips({ testFiles: listTestFiles(root), env: process.env });
 * // [{ suite: 'apps/server/src/lmx/lmx-host-modes.test.ts', missing: ['/usr/bin/Xvfb'], packages: ['xvfb', …] }]
 */
export function planSystemToolSkips({ testFiles, env, exists = existsSync }) {
  if (isCi(env)) return [];
  const bySuite = new Map();
  for (const entry of SYSTEM_TOOL_SUITES) {
    const missing = entry.tools.filter((tool) => !exists(tool));
    if (missing.length === 0) continue;
    const suites = testFiles.filter(
      (file) =>
        (entry.files ?? []).includes(file) || (entry.endings ?? []).some((ending) => file.endsWith(ending)),
    );
    for (const suite of suites) {
      const skip = bySuite.get(suite) ?? { suite, missing: [], packages: [] };
      skip.missing.push(...missing);
      skip.packages.push(...entry.packages);
      bySuite.set(suite, skip);
    }
  }
  return [...bySuite.values()].sort((a, b) => a.suite.localeCompare(b.suite));
}

/**
 * The closing lines of `npm test` for skipped suites: each suite with what it lacks, then the
 * one command that installs all of it. Empty when nothing was skipped.
 *
 * @example
 * formatSkippedSuites(skips).forEach((line) => console.log(line));
 */
export function formatSkippedSuites(skips) {
  if (skips.length === 0) return [];
  const packages = [...new Set(skips.flatMap((skip) => skip.packages))].sort();
  return [
    `skipped ${skips.length} suite(s): a system tool they drive is missing (with CI=true they run and fail):`,
    ...skips.map((skip) => `  ${skip.suite} (missing ${skip.missing.join(', ')})`),
    `install what they need with: sudo apt-get install -y ${packages.join(' ')}`,
  ];
}

/** Records the skips for scripts/test.mjs (an empty list when none). */
export function writeSkippedSuites(root, skips) {
  writeFileSync(join(root, SKIPPED_SUITES_FILE), `${JSON.stringify(skips, null, 2)}\n`);
}

/** Reads what vitest.config.ts recorded; an empty list when it recorded nothing. */
export function readSkippedSuites(root) {
  const file = join(root, SKIPPED_SUITES_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}
