/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type ConsoleHarness,
  goTo,
  openConsole,
  seriousViolations,
  signIn,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';

// The Scripts screen on a server with host modes on (SVC_LMX_HOST_MODES=1): an admin runs the
// bundled lms demo — real commands on this machine — and reads its trace; a member still finds
// the mode closed, with the one condition left.

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsoleHarness({ SVC_LMX_HOST_MODES: '1' });
});

afterAll(async () => {
  await harness?.close();
});

describe('host modes in the Scripts screen', () => {
  it('runs the lms demo for an admin and shows its output and the trace of each command', async () => {
    const { page, context, violations, foreignRequests } = await openConsole(harness, '/');
    await signIn(page, ADMIN.email, ADMIN.password);
    await goTo(page, 'Scripts');
    await page.locator('#script-mode option[value="lms"]').waitFor({ state: 'attached' });
    await page.locator('#script-mode').selectOption('lms');
    expect(await page.getByTestId('script-mode-reason').count()).toBe(0);
    await page.locator('#script-demo').selectOption('lms-system');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText(/^Ran in lms \(\d+ ms\)\.$/).waitFor();
    expect(await page.getByTestId('script-output').textContent()).toContain('the check failed with 3');
    const trace = await page.getByRole('list', { name: 'Trace' }).getByRole('listitem').allTextContents();
    // The server traces each command as the argument list it ran (no shell quoting).
    expect(trace).toEqual(['run uname -s → exit 0', 'run sh -c "exit 3" → exit 3']);
    expect(await seriousViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('still closes host modes to a member, naming the missing condition only', async () => {
    const { page, context } = await openConsole(harness, '/');
    await signUpAndSignIn(page, 'host-member@example.com', 'a long enough console password 42');
    await goTo(page, 'Scripts');
    await page.locator('#script-mode option[value="lms"]').waitFor({ state: 'attached' });
    await page.locator('#script-mode').selectOption('lms');
    expect(await page.getByTestId('script-mode-reason').textContent()).toContain(
      'lms is a host mode: host modes need an admin caller',
    );
    expect(await page.getByTestId('script-mode-reason').textContent()).not.toContain('SVC_LMX_HOST_MODES');
    await context.close();
  });
});
