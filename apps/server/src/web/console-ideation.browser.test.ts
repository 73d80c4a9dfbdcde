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
const STAGES = ['idea', 'expansion', 'feasibility', 'selection', 'scaffold', 'notes'];

let harness: ConsoleHarness;
let admin: ConsolePage;
let member: ConsolePage;
let memberId: string;

beforeAll(async () => {
  // No model provider configured: every stage answers through the echo stub.
  harness = await startConsoleHarness();
  admin = await openConsole(harness, '/');
  member = await openConsole(harness, '/', { clipboard: true });
});

afterAll(async () => {
  await harness?.close();
});

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get(`${harness.baseUrl}/tokens/balance`);
  return ((await answer.json()) as { balance: number }).balance;
}

describe('account: keys, wallet, membership and the admin tools', () => {
  it('creates an API key shown once, lists it and revokes it', async () => {
    const { page } = admin;
    await signIn(page, ADMIN.email, ADMIN.password);
    await goTo(page, 'Account');
    await page.getByLabel('Name of a new key').fill('console test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(secret).toMatch(/^svc_[0-9A-Za-z]{16}_[0-9A-Za-z]{43}$/);
    // The key works: it authenticates a request of its own.
    const me = await page.request.get(`${harness.baseUrl}/auth/me`, { headers: { 'x-api-key': secret } });
    expect(((await me.json()) as { via: string }).via).toBe('api-key');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByTestId('new-key').count()).toBe(0);
    const row = page.getByRole('row', { name: /console test/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(secret.slice(0, 12));
    expect(await row.textContent()).not.toContain(secret);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke console test' }).click();
    await page.getByText('Key “console test” revoked.').waitFor();
    await expect.poll(() => page.getByRole('row', { name: /console test/ }).count()).toBe(0);
    const refused = await page.request.get(`${harness.baseUrl}/auth/me`, {
      headers: { 'x-api-key': secret },
    });
    expect(refused.status()).toBe(401);
  });

  it('lets a new member see that ideation needs a membership', async () => {
    const { page } = member;
    await signUpAndSignIn(page, 'thinker@example.com', PASSWORD);
    expect(await seriousViolations(page)).toEqual([]);
    await goTo(page, 'Account');
    memberId = (await page.getByTestId('user-id').textContent()) ?? '';
    expect(memberId).toMatch(/^[0-9a-f-]{36}$/);
    // The balance reads '…' until the wallet answers.
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('0');
    await page.getByText('Creating keys needs the developer role', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await page.getByText('Payments are not configured on this server', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await goTo(page, 'Ideation');
    await page.getByText('Ideation runs need a membership', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
  });

  it('grants the member tokens and the Pro plan on the Admin screen, and prices a run on Account', async () => {
    const { page } = admin;
    await goTo(page, 'Admin');
    await page.getByLabel('Search by email').fill('thinker');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'thinker@example.com' }).click();
    await page.getByRole('heading', { name: 'thinker@example.com', level: 2 }).waitFor();
    await page.locator('#grant-amount').fill('500');
    await page.locator('#grant-reason').fill('welcome');
    await page.getByRole('button', { name: 'Grant tokens' }).click();
    await page.getByText('Granted 500 tokens; the balance is now 500.').waitFor();
    await page.locator('#grant-plan').selectOption('PRO');
    await page.getByRole('button', { name: 'Set membership' }).click();
    await page.getByText('Membership: Pro, active.').waitFor();
    await goTo(page, 'Account');
    await page.locator('#rule-resource').fill('feature:dreamer.run');
    await page.locator('#rule-cost').fill('5');
    await page.locator('#rule-note').fill('one ideation run');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('row', { name: /feature:dreamer\.run/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account', '#admin-heading');
  });
});

describe('ideation, streamed live from the echo stub', () => {
  it('runs the six stages through the event stream and charges the run', async () => {
    const { page } = member;
    await goTo(page, 'Account');
    await page.getByText('Membership: Pro, active', { exact: false }).waitFor();
    expect(await page.getByRole('row', { name: /welcome/ }).textContent()).toContain('+500');
    await goTo(page, 'Ideation');
    await page.locator('#topic').fill('tide pools');
    await page.locator('#mode').selectOption('wild');
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/dreamer/run/stream'));
    await page.getByRole('button', { name: 'Run' }).click();
    const response = await stream;
    expect(response.headers()['content-type']).toContain('text/event-stream');
    await page.getByText('Run finished.').waitFor();
    const stages = page.getByRole('list', { name: 'Stages' }).locator(':scope > li');
    expect(await stages.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual(
      STAGES.map(() => 'done'),
    );
    for (const text of await stages.locator('.stage-output').allTextContents())
      expect(text).toContain('[stub]');
    expect(await balanceOf(page)).toBe(495);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('copies the run as Markdown and lists it among the earlier runs', async () => {
    const { page } = member;
    await page
      .getByRole('region', { name: 'Run: tide pools' })
      .getByRole('button', { name: 'Copy as Markdown' })
      .click();
    await page.getByText('Copied as Markdown.').first().waitFor();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    expect(markdown.startsWith('# tide pools\n\n## ')).toBe(true);
    expect(markdown.match(/^## /gm)).toHaveLength(6);
    const row = page.getByRole('row', { name: /tide pools/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('done');
    await row.getByRole('button', { name: 'Show stages' }).click();
    expect(await row.locator('details').count()).toBe(6);
    await saveScreenshot(page, 'ideation');
  });

  it('says on the Start screen, in a sentence, that no model is configured', async () => {
    const { page } = member;
    await goTo(page, 'Start');
    const offers = page.locator('[aria-labelledby="offers-heading"] li', { hasText: 'stages' });
    await offers.getByText('models: none configured', { exact: false }).waitFor();
    expect(await offers.textContent()).toContain(
      'models: none configured, so runs answer with the built-in echo stub (no model is called).',
    );
    await saveScreenshot(page, 'start-no-models', '#offers-heading');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'start-no-models-390', '#offers-heading');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1100, height: 800 });
  });

  it('broke no CSP rule and asked no other origin for anything', () => {
    expect([...admin.violations, ...member.violations]).toEqual([]);
    expect([...admin.foreignRequests, ...member.foreignRequests]).toEqual([]);
  });
});
