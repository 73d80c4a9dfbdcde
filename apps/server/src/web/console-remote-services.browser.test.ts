/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  signIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';
import { modelEnv } from '../testing/dreamer-test-helpers.js';
import { type FakeModelServer, startFakeModelServer } from '../testing/fake-model-server.js';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe.js';
import { paymentsEnv } from '../testing/membership-test-helpers.js';

let models: FakeModelServer;
let stripe: FakeStripe;
let harness: ConsoleHarness;
let admin: ConsolePage;

beforeAll(async () => {
  // Local fakes speaking the real wire protocols stand in for the remote model and for Stripe.
  models = await startFakeModelServer();
  stripe = await startFakeStripe();
  harness = await startConsoleHarness({ ...modelEnv(models), ...paymentsEnv(stripe.apiBase) });
  admin = await openConsole(harness, '/');
  await signIn(admin.page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await harness?.close();
  await models?.close();
  await stripe?.close();
});

describe('ideation: stop a run, then resume it from the earlier runs', () => {
  it('stops during the second stage, keeps the first, and resumes without asking for it again', async () => {
    const { page } = admin;
    models.enqueue({ text: 'kept idea' }, { hang: true });
    await goTo(page, 'Ideation');
    await page.locator('#topic').fill('lighthouses');
    await page.getByRole('button', { name: 'Run' }).click();
    const stages = page.getByRole('list', { name: 'Stages' }).locator(':scope > li');
    await stages.nth(1).and(page.locator('[data-state="running"]')).waitFor();
    expect(await stages.nth(0).locator('.stage-output').textContent()).toBe('kept idea');
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('Stopped.').waitFor();

    // The server marks the run aborted once it sees the disconnect; the list shows it on a later read.
    const row = page.getByRole('row', { name: /lighthouses/ });
    await expect
      .poll(async () => {
        await goTo(page, 'Start');
        await goTo(page, 'Ideation');
        await row.first().waitFor();
        return row.first().getByRole('cell').nth(1).textContent();
      })
      .toBe('aborted');
    const requestsBefore = models.requests.length;

    await row.first().getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Run finished.').waitFor();
    expect(await stages.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual(
      Array.from({ length: 6 }, () => 'done'),
    );
    expect(await stages.nth(0).locator('.stage-output').textContent()).toBe('kept idea');
    // Five stages were asked for again; the finished first one was not.
    expect(models.requests.length - requestsBefore).toBe(5);
    await expect.poll(() => row.first().getByRole('cell').nth(1).textContent()).toBe('done');
  });
});

describe('membership through Stripe Checkout (a local fake of its API)', () => {
  it('sends the caller to the Checkout page of the chosen plan', async () => {
    const { page, context } = admin;
    // The browser leaves for Stripe's page; here it is answered locally.
    await context.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Checkout</title><h1>Checkout</h1>',
      }),
    );
    await goTo(page, 'Account');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    const created = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(created?.params.get('line_items[0][price]')).toBe('price_pro');
    expect(created?.params.get('mode')).toBe('subscription');
  });

  it('broke no CSP rule and asked no other origin for anything but the Checkout page', () => {
    expect(admin.violations).toEqual([]);
    expect(admin.foreignRequests).toHaveLength(1);
    expect(admin.foreignRequests[0]).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
  });
});
