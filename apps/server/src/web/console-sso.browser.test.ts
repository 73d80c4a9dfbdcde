/// <reference lib="dom" />
import { requireTool } from '@svc/activity-core/testing';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV } from '../testing/access-test-fixtures.js';
import {
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  signIn,
} from '../testing/console-browser.fixture.js';
import type { ProviderAccount } from '../testing/local-oidc-provider.js';
import { type SsoHarness, startSsoHarness } from '../testing/sso-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

const PASSWORD = 'a long enough console password 42';
const ACCOUNTS: ProviderAccount[] = [
  { subject: 'ada-1', email: 'ada@example.test', emailVerified: true },
  { subject: 'grace-1', email: 'grace@example.test', emailVerified: true },
];

let sso: SsoHarness;
let harness: ConsoleHarness;

beforeAll(async () => {
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  sso = await startSsoHarness(sqlite, ACCOUNTS, FIXTURE_ENV);
  await sso.server.app.gate.auth.signup({ email: 'grace@example.test', password: PASSWORD });
  const browser = await chromium.launch({
    executablePath: requireTool('/usr/bin/chromium'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  harness = {
    server: sso.server,
    baseUrl: sso.baseUrl,
    browser,
    async close() {
      await browser.close();
      await sso.close();
    },
  };
});

afterAll(async () => harness?.close());

/** At the local provider's login page: picks the account and continues. */
async function chooseAtProvider(console: ConsolePage, email: string): Promise<void> {
  const { page } = console;
  await page.waitForURL((url) => url.origin === sso.provider.issuer);
  await page.getByLabel('Account').selectOption({ label: email });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === sso.baseUrl);
}

describe('single sign-on in the console (Chromium)', () => {
  it('signs a new person in with "Sign in with Acme ID" and lists the provider on the Account screen', async () => {
    const console = await openConsole(harness, '/');
    await console.page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await chooseAtProvider(console, 'ada@example.test');
    await console.page.getByRole('heading', { name: 'Signed in' }).waitFor();
    await goTo(console.page, 'Account');
    const panel = console.page.getByRole('region', { name: 'Single sign-on' });
    await expect.poll(() => panel.textContent()).toContain('Acme ID connected as ada@example.test');
    await panel.getByText('This account has no password').waitFor();
    expect(console.violations).toEqual([]);
    await console.context.close();
  });

  it('explains in words that an existing account is not linked silently', async () => {
    const console = await openConsole(harness, '/');
    await console.page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await chooseAtProvider(console, 'grace@example.test');
    const alert = console.page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('An account with your email already exists');
    expect(await alert.textContent()).toContain('GATE_SSO_ACCOUNT_EXISTS');
    await console.context.close();
  });

  it('connects the provider from the Account screen after a password sign-in, then disconnects it', async () => {
    const console = await openConsole(harness, '/');
    await signIn(console.page, 'grace@example.test', PASSWORD);
    await goTo(console.page, 'Account');
    const panel = console.page.getByRole('region', { name: 'Single sign-on' });
    await panel.getByRole('link', { name: 'Connect Acme ID' }).click();
    await chooseAtProvider(console, 'grace@example.test');
    await panel.getByText('Acme ID is connected.').waitFor();
    await expect.poll(() => panel.textContent()).toContain('connected as grace@example.test');
    await panel.getByRole('button', { name: 'Disconnect Acme ID' }).click();
    await panel.getByRole('link', { name: 'Connect Acme ID' }).waitFor();
    expect(console.violations).toEqual([]);
    await console.context.close();
  });
});
