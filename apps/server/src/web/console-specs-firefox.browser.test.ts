/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cspViolationsOf,
  type FirefoxConsole,
  firefoxSeriousViolations,
  startFirefoxConsole,
  waitForPageText,
} from '../testing/firefox-console.fixture.js';
import {
  type PageWatch,
  pickLargeSpecScript,
  readWatchScript,
  watchPageScript,
} from '../testing/large-spec-fixture.js';
import { NEW_SHOP, OLD_SHOP } from '../testing/spec-diff-fixture.js';

// The Specs screen in Debian's Firefox ESR (puppeteer-core over WebDriver BiDi, as in
// console-firefox.browser.test.ts): the module worker, a 13 MB file checked off the page, and
// the diff grouped by operation, in the other engine the console promises.

let firefox: FirefoxConsole;
let page: Page;

const seriousViolations = () => firefoxSeriousViolations(page);
const waitForText = (text: string, timeout?: number) => waitForPageText(page, text, timeout);

/** Hands `text` to the file picker `selector` as a file named `name`, as picking one does. */
async function pickFile(selector: string, name: string, text: string): Promise<void> {
  await page.evaluate(
    (target: string, fileName: string, content: string) => {
      const input = document.querySelector(target) as HTMLInputElement;
      const data = new DataTransfer();
      data.items.add(new File([content], fileName, { type: 'text/yaml' }));
      input.files = data.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    selector,
    name,
    text,
  );
}

beforeAll(async () => {
  firefox = await startFirefoxConsole('specs');
  page = await firefox.openPage('/specs');
});

afterAll(async () => {
  await firefox?.close();
});

describe('the Specs screen in Firefox', () => {
  it('validates a 13 MB file in a worker: a click is handled while "validating…" is shown', async () => {
    expect(await page.browser().version()).toMatch(/^firefox\//);
    const length = (await page.evaluate(
      pickLargeSpecScript('#spec-text-picker', 'large-api.yaml'),
    )) as number;
    expect(length).toBeGreaterThan(13_000_000);
    await page.waitForSelector('[data-testid="spec-text-file"]');
    expect(await page.$('#spec-text')).toBeNull();
    await page.evaluate(watchPageScript('Hide preview'));

    const started = Date.now();
    // Handles found beforehand: the clicks go straight to the elements, with no locator waits.
    const validate = await page.$('button[type="submit"]');
    const hidePreview = await page.$('button[aria-controls="spec-text-preview"]');
    await validate?.click();
    await page.waitForSelector('.check-status');
    await hidePreview?.click();
    expect(
      await page.$eval('button[aria-controls="spec-text-preview"]', (node) =>
        node.getAttribute('aria-expanded'),
      ),
    ).toBe('false');
    const { clicks, longestStallMs } = (await page.evaluate(readWatchScript)) as PageWatch;
    expect(clicks.map((click) => click.whileChecking)).toEqual([true]);

    await waitForText('Not valid (version 3.0): 1 error, 0 warnings, 4751 paths, 9501 operations.', 120_000);
    const stall = ((await page.evaluate(readWatchScript)) as PageWatch).longestStallMs;
    console.info(
      `Firefox: validated ${length} characters in ${Date.now() - started} ms; the click waited ${clicks[0]?.waitedMs.toFixed(1)} ms; longest stall of the page's thread while validating: ${Math.max(stall, longestStallMs).toFixed(0)} ms`,
    );
    const excerpt = await page.$eval('.diagnostics li pre', (node) => node.textContent);
    expect(excerpt).toBe('    "get":');
    expect(await seriousViolations()).toEqual([]);
  });

  it('groups the diff by METHOD /path, breaking first', async () => {
    await pickFile('#spec-old-picker', 'shop-v1.yaml', OLD_SHOP);
    await pickFile('#spec-new-picker', 'shop-v2.yaml', NEW_SHOP);
    await page.waitForSelector('[data-testid="spec-new-file"]');
    await page.locator('button::-p-text(Compare)').click();
    await page.waitForSelector('.change-group');
    const groups = await page.$$eval('.change-group', (sections) =>
      sections.map((section) => ({
        operation: section.querySelector('.change-operation code')?.textContent,
        first: section.querySelector('li')?.textContent,
      })),
    );
    expect(groups).toEqual([
      { operation: 'GET /orders', first: 'breaking Response property "placedAt" was removed.' },
      { operation: 'DELETE /orders/{id}', first: 'breaking Operation DELETE /orders/{id} was removed.' },
      { operation: 'GET /orders/{id}', first: 'breaking Response property "placedAt" was removed.' },
      { operation: 'POST /orders', first: 'info Operation POST /orders was added.' },
    ]);
    expect(await seriousViolations()).toEqual([]);
  });

  it('broke no CSP rule (the worker included) and asked no other origin for anything', async () => {
    expect(await cspViolationsOf(page)).toEqual([]);
    expect(firefox.foreignRequests).toEqual([]);
  });
});
