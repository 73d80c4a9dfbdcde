import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatSkippedSuites,
  listTestFiles,
  planSystemToolSkips,
  // @ts-expect-error: a plain .mjs script without types
} from '../scripts/system-tools.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const testFiles: string[] = listTestFiles(root);
/** A machine that has every tool but the ones named. */
const without =
  (...missing: string[]) =>
  (tool: string) =>
    !missing.includes(tool);

describe('suites that drive a missing system tool', () => {
  it('are skipped outside CI, each named, with the one apt-get command', () => {
    const skips = planSystemToolSkips({
      testFiles,
      env: {},
      exists: without('/usr/bin/Xvfb', '/usr/bin/firefox-esr'),
    });
    expect(skips.map((skip: { suite: string }) => skip.suite)).toEqual([
      'apps/server/src/lmx/host/x-display.test.ts',
      'apps/server/src/lmx/lmx-host-docs.test.ts',
      'apps/server/src/lmx/lmx-host-modes.test.ts',
      'apps/server/src/web/console-admin-firefox.browser.test.ts',
      'apps/server/src/web/console-books-firefox.browser.test.ts',
      'apps/server/src/web/console-firefox.browser.test.ts',
      'apps/server/src/web/console-ideation-stream.browser.test.ts',
      'apps/server/src/web/console-specs-firefox.browser.test.ts',
    ]);
    expect(formatSkippedSuites(skips)).toEqual([
      'skipped 8 suite(s): a system tool they drive is missing (with CI=true they run and fail):',
      '  apps/server/src/lmx/host/x-display.test.ts (missing /usr/bin/Xvfb)',
      '  apps/server/src/lmx/lmx-host-docs.test.ts (missing /usr/bin/Xvfb)',
      '  apps/server/src/lmx/lmx-host-modes.test.ts (missing /usr/bin/Xvfb)',
      '  apps/server/src/web/console-admin-firefox.browser.test.ts (missing /usr/bin/firefox-esr)',
      '  apps/server/src/web/console-books-firefox.browser.test.ts (missing /usr/bin/firefox-esr)',
      '  apps/server/src/web/console-firefox.browser.test.ts (missing /usr/bin/firefox-esr)',
      '  apps/server/src/web/console-ideation-stream.browser.test.ts (missing /usr/bin/firefox-esr)',
      '  apps/server/src/web/console-specs-firefox.browser.test.ts (missing /usr/bin/firefox-esr)',
      'install what they need with: sudo apt-get install -y firefox-esr scrot xdotool xterm xvfb',
    ]);
  });

  it('still run under CI=true, so a missing tool fails the pipeline', () => {
    const nothing = () => false;
    expect(planSystemToolSkips({ testFiles, env: { CI: 'true' }, exists: nothing })).toEqual([]);
    expect(planSystemToolSkips({ testFiles, env: { CI: '1' }, exists: nothing })).toEqual([]);
  });

  it('cover every browser suite when Chromium is missing, in the apps and the cores', () => {
    const skips = planSystemToolSkips({ testFiles, env: {}, exists: without('/usr/bin/chromium') });
    const suites = skips.map((skip: { suite: string }) => skip.suite);
    expect(suites).toEqual(testFiles.filter((file) => file.endsWith('.browser.test.ts')));
    expect(suites).toContain('packages/activity-core/src/print/print-page.browser.test.ts');
  });

  it('skip nothing and print nothing where every tool is installed', () => {
    const skips = planSystemToolSkips({ testFiles, env: {}, exists: () => true });
    expect(skips).toEqual([]);
    expect(formatSkippedSuites(skips)).toEqual([]);
  });

  it('name only suites that exist', () => {
    const everySuite = planSystemToolSkips({ testFiles, env: {}, exists: () => false });
    for (const skip of everySuite as { suite: string }[]) expect(testFiles).toContain(skip.suite);
    expect(everySuite.length).toBeGreaterThan(10);
  });
});
