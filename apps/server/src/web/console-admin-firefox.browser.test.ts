/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../testing/access-test-fixtures.js';
import {
  type FirefoxConsole,
  firefoxSeriousViolations as seriousViolations,
  startFirefoxConsole,
  waitForPageText as waitForText,
} from '../testing/firefox-console.fixture.js';

// The admin screen in Debian's Firefox ESR over WebDriver BiDi (puppeteer-core), as
// console-firefox.browser.test.ts drives the other screens: an admin in one Firefox changes a
// role, revokes a key and disables an account whose owner is signed in in another Firefox.

const PASSWORD = 'a long enough console password 42';
const PERSON = 'fox.admin@example.com';

let firefox: FirefoxConsole;
let adminPage: Page;
let personPage: Page;
let personId = '';
let key = '';

async function clickButton(page: Page, label: string): Promise<void> {
  await page.locator(`button::-p-text(${label})`).click();
}

/** A same-origin fetch from the page (its cookie rides along); answers the status and JSON. */
async function fetchIn(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown; apiKey?: string } = {},
) {
  return page.evaluate(
    async (url: string, options: { method?: string; body?: unknown; apiKey?: string }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers['x-api-key'] = options.apiKey;
      const response = await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
    },
    path,
    init,
  );
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${firefox.baseUrl}/`);
  await page.locator('#sign-in-email').fill(email);
  await page.locator('#sign-in-password').fill(password);
  await clickButton(page, 'Sign in');
  await waitForText(page, 'Signed in');
}

beforeAll(async () => {
  firefox = await startFirefoxConsole('console-admin');
  personId = (await firefox.server.app.gate.auth.signup({ email: PERSON, password: PASSWORD })).user.id;
  adminPage = await firefox.openPage('/');
  // The person signs in in a browser of their own (its own profile and cookies).
  personPage = await firefox.openPage('/');
});

afterAll(async () => {
  await firefox?.close();
});

describe('the admin screen in Firefox', () => {
  it('finds the person by email and changes their role', async () => {
    await signIn(personPage, PERSON, PASSWORD);
    await signIn(adminPage, ADMIN.email, ADMIN.password);
    await adminPage.locator('nav[aria-label="Console"] a::-p-text(Admin)').click();
    await adminPage.locator('#people-search').fill('FOX.admin');
    await clickButton(adminPage, 'Search');
    await waitForText(adminPage, 'Showing 1–1 of 1 matching "FOX.admin".');
    expect(await seriousViolations(adminPage)).toEqual([]);
    await adminPage.locator(`a::-p-text(${PERSON})`).click();
    await adminPage.waitForSelector('input[type="checkbox"][value="developer"]');
    await adminPage.locator('input[type="checkbox"][value="developer"]').click();
    await clickButton(adminPage, 'Save roles');
    await waitForText(adminPage, 'Roles saved: member, developer.');
    expect(await seriousViolations(adminPage)).toEqual([]);
    const created = await fetchIn(personPage, '/keys', { method: 'POST', body: { name: 'fox key' } });
    expect(created.status).toBe(201);
    key = (created.json as { key: string }).key;
  });

  it('revokes the key, which is then refused', async () => {
    await adminPage.reload();
    await adminPage.waitForSelector('button[aria-label="Revoke the key fox key"]');
    await adminPage.locator('button[aria-label="Revoke the key fox key"]').click();
    await waitForText(adminPage, 'Key fox key revoked.');
    expect((await fetchIn(personPage, '/keys/verify', { method: 'POST', body: { key } })).json).toEqual({
      valid: false,
    });
    expect((await fetchIn(personPage, '/auth/me', { apiKey: key })).status).toBe(401);
  });

  it("disables the account: the person's open session is refused at once", async () => {
    expect((await fetchIn(personPage, '/auth/me')).status).toBe(200);
    await clickButton(adminPage, 'Disable account…');
    await adminPage.waitForFunction(
      (wanted: string) => document.activeElement?.textContent === wanted,
      {},
      `Disable ${PERSON}`,
    );
    await clickButton(adminPage, `Disable ${PERSON}`);
    await waitForText(adminPage, `${PERSON} is disabled`);
    expect(await seriousViolations(adminPage)).toEqual([]);
    expect((await fetchIn(personPage, '/auth/me')).status).toBe(401);
    const row = await firefox.server.app.gate.accounts.read(personId);
    expect(row.disabledAt).not.toBeNull();
    await waitForText(adminPage, 'Disabled the account');
  });
});
