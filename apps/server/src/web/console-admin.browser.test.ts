/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  saveScreenshot,
  seriousViolations,
  signIn,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';

const PASSWORD = 'a long enough console password 42';
const DEVELOPER = 'dev.alba@example.com';

let harness: ConsoleHarness;
let admin: ConsolePage;
let person: ConsolePage;
let key = '';

beforeAll(async () => {
  harness = await startConsoleHarness();
  admin = await openConsole(harness, '/');
  // A second browser context: the person the admin manages, signed in on their own.
  person = await openConsole(harness, '/');
  // A few more accounts, so the list has something to search and page through.
  for (const name of ['ana', 'bo', 'cy', 'dee', 'eli'])
    await harness.server.app.gate.auth.signup({ email: `${name}@team.example.com`, password: PASSWORD });
});

afterAll(async () => {
  await harness?.close();
});

async function statusOf(page: Page, path: string, headers: Record<string, string> = {}): Promise<number> {
  return (await page.request.get(`${harness.baseUrl}${path}`, { headers })).status();
}

async function verifyKey(page: Page): Promise<boolean> {
  const answer = await page.request.post(`${harness.baseUrl}/keys/verify`, { data: { key } });
  return ((await answer.json()) as { valid: boolean }).valid;
}

/** Takes the desktop shot of the current state, then the same at 390 px wide. */
async function shoot(page: Page, name: string, top?: string): Promise<void> {
  await saveScreenshot(page, name, top);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing is wider than the phone's screen but the scrolling tables' own boxes.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, `${name}-390`, top);
  await page.setViewportSize({ width: 1100, height: 800 });
}

describe('the admin screen', () => {
  it('is listed for admins only', async () => {
    await signUpAndSignIn(person.page, DEVELOPER, PASSWORD);
    const nav = person.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await person.page.goto(`${harness.baseUrl}/admin`);
    await person.page.getByText('This screen is for admins.').waitFor();
    expect(await statusOf(person.page, '/api/admin/users')).toBe(403);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await goTo(admin.page, 'Admin');
    await admin.page.getByRole('heading', { name: 'People' }).waitFor();
  });

  it('searches people by email and opens one', async () => {
    const { page } = admin;
    await page.getByText('Showing 1–7 of 7.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-users');
    await page.getByLabel('Search by email').fill('TEAM.example');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–5 of 5 matching "TEAM.example".').waitFor();
    await page.getByLabel('Search by email').fill('alba');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–1 of 1 matching "alba".').waitFor();
    await page.getByRole('link', { name: DEVELOPER }).click();
    await page.getByRole('heading', { name: DEVELOPER, level: 2 }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(DEVELOPER);
  });

  it('changes a role: the person can then create an API key', async () => {
    const { page } = admin;
    await person.page.goto(`${harness.baseUrl}/account`);
    await person.page.getByText('Creating keys needs the developer role', { exact: false }).waitFor();
    await page.getByRole('checkbox', { name: /developer/ }).check();
    await page.getByRole('button', { name: 'Save roles' }).click();
    await page.getByText('Roles saved: member, developer.').waitFor();
    await expect.poll(() => page.getByTestId('permissions').textContent()).toContain('create_api_key');
    const created = await person.page.request.post(`${harness.baseUrl}/keys`, { data: { name: 'laptop' } });
    expect(created.status()).toBe(201);
    key = ((await created.json()) as { key: string }).key;
    expect(await verifyKey(person.page)).toBe(true);
  });

  it('revokes the key: it is refused at once', async () => {
    const { page } = admin;
    await page.reload();
    const keys = page.getByRole('table', { name: 'API keys' });
    const row = keys.getByRole('row', { name: /laptop/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(key.slice(0, 12));
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-user', '#main h1');
    await page.getByRole('button', { name: 'Revoke the key laptop' }).click();
    await page.getByText('Key laptop revoked.').waitFor();
    await expect.poll(() => keys.getByRole('row', { name: /laptop/ }).count()).toBe(0);
    expect(await verifyKey(person.page)).toBe(false);
    expect(await statusOf(person.page, '/auth/me', { 'x-api-key': key })).toBe(401);
  });

  it("disables the account after a confirmation: the person's open session is refused", async () => {
    const { page } = admin;
    expect(await statusOf(person.page, '/auth/me')).toBe(200);
    await page.getByRole('button', { name: 'Disable account…' }).click();
    // The confirmation takes the focus; Cancel leaves everything as it was.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Disable ${DEVELOPER}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusOf(person.page, '/auth/me')).toBe(200);
    await page.getByRole('button', { name: 'Disable account…' }).click();
    await page.getByLabel('Reason (kept in the audit log)').fill('left the team');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Disable ${DEVELOPER}` }).click();
    await page.getByText(`${DEVELOPER} is disabled`, { exact: false }).waitFor();
    // The pressed button is gone with the state it changed: the focus is on the panel's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('access-heading');
    expect(await statusOf(person.page, '/auth/me')).toBe(401);
    await person.page.reload();
    await person.page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await person.page.goto(`${harness.baseUrl}/`);
    await person.page.getByLabel('Email').first().fill(DEVELOPER);
    await person.page.locator('#sign-in-password').fill(PASSWORD);
    await person.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await person.page.getByText('This account is disabled', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-user-disabled', '#main h1');
  });

  it('re-enables the account, and the audit log shows who did what', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Re-enable account' }).click();
    await page.getByText(`${DEVELOPER} is enabled again`, { exact: false }).waitFor();
    const audit = page.getByRole('table', { name: 'Audit of this account' });
    await audit.getByRole('row', { name: /Re-enabled the account/ }).waitFor();
    const actions = await audit.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions).toEqual([
      'Re-enabled the account',
      'Disabled the account',
      'Revoked an API key',
      'Changed roles',
    ]);
    await page.getByRole('link', { name: '← All people' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    const disabled = log.getByRole('row', { name: /Disabled the account/ });
    await disabled.waitFor();
    expect(await disabled.textContent()).toContain(ADMIN.email);
    expect(await disabled.textContent()).toContain('Reason: left the team');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-audit', '#audit-heading');
  });
});
