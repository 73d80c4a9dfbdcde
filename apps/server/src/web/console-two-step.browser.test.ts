/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { generateTotpCode } from '@svc/gate/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type ConsoleHarness,
  goTo,
  openConsole,
  saveScreenshot,
  seriousViolations,
  signIn,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';

// Issue 27, second factor, through the console in real Chromium: enrol an authenticator on the
// Account screen, then sign in with its code; an admin requires it for a role from the Admin screen.
// Codes come from the secret the page shows, at the server's (manual) clock.

const PASSWORD = 'a long enough console password 42';
const EMAIL = 'two.step@example.com';

let harness: ConsoleHarness;
const codeNow = (secret: string) => generateTotpCode({ secret, now: harness.server.clock.now() });

beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('two-step sign-in in the console', () => {
  let secret = '';

  it('enrols an authenticator from the Account screen and shows the recovery codes once', async () => {
    const { page, violations, foreignRequests } = await openConsole(harness, '/');
    await signUpAndSignIn(page, EMAIL, PASSWORD);
    await goTo(page, 'Account');
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await panel.getByRole('img', { name: /QR code/ }).waitFor();
    secret = ((await panel.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await panel.getByLabel('Code from the app, to confirm').fill(codeNow(secret));
    await panel.getByRole('button', { name: 'Turn on' }).click();
    const codes = panel.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-two-step-codes', '#two-step-heading');
    await panel.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => panel.getByTestId('recovery-codes-left').textContent()).toBe('10');
    expect(violations).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await page.context().close();
  });

  it('signs in with the password, then the code from the app', async () => {
    harness.server.clock.advance(30_000);
    const { page, violations } = await openConsole(harness, '/');
    await page.locator('#sign-in-email').fill(EMAIL);
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = page.getByLabel('Code from your authenticator app');
    await code.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'sign-in-code-step');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The password or the code is incorrect.').waitFor();
    await code.fill(codeNow(secret));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('lets an admin require it for a role, and a member without it enrols while signing in', async () => {
    const admin = await openConsole(harness, '/');
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await goTo(admin.page, 'Admin');
    const roles = admin.page.getByRole('region', { name: 'Two-step sign-in by role' });
    await roles.getByLabel('member').click();
    await expect.poll(() => roles.getByLabel('member').isChecked()).toBe(true);
    const listed = await admin.page.request.get(`${harness.baseUrl}/auth/second-factor/roles`);
    expect((await listed.json()).roles).toContainEqual({ role: 'member', required: true });

    await harness.server.app.gate.auth.signup({ email: 'new.member@example.com', password: PASSWORD });
    const { page } = await openConsole(harness, '/');
    await page.locator('#sign-in-email').fill('new.member@example.com');
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Your role requires two-step sign-in.').waitFor();
    const shown = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Code from your authenticator app').fill(codeNow(shown));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    await roles.getByLabel('member').click();
    await expect.poll(() => roles.getByLabel('member').isChecked()).toBe(false);
    await page.context().close();
    await admin.context.close();
  });
});
