/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV } from '../testing/access-test-fixtures.js';
import { requireTool } from '../testing/console-browser.fixture.js';
import {
  type PageWatch,
  pickLargeSpecScript,
  readWatchScript,
  watchPageScript,
} from '../testing/large-spec-fixture.js';
import { NEW_SHOP, OLD_SHOP } from '../testing/spec-diff-fixture.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// The Specs screen in Debian's Firefox ESR (puppeteer-core over WebDriver BiDi, as in
// console-firefox.browser.test.ts): the module worker, a 13 MB file checked off the page, and
// the diff grouped by operation, in the other engine the console promises.

let server: TestServer;
let baseUrl: string;
let dataDir: string;
let browser: Browser;
let page: Page;
const foreignRequests: string[] = [];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations (WCAG 2.x A and AA, best practice) on the page. */
async function seriousViolations(): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
  });
}

/** Waits until the page's text contains `text`. */
async function waitForText(text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (wanted: string) => (document.body.textContent ?? '').includes(wanted),
    { timeout },
    text,
  );
}

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
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  dataDir = mkdtempSync(join(tmpdir(), 'svc-specs-firefox-'));
  server = await createTestServer(sqlite, { ...FIXTURE_ENV, SVC_DATA_DIR: dataDir });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: requireTool('/usr/bin/firefox-esr'),
    headless: true,
  });
  page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !/^(?:data|blob|about):/.test(url)) foreignRequests.push(url);
  });
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  await page.goto(`${baseUrl}/specs`);
  await page.waitForSelector('h1');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the Specs screen in Firefox', () => {
  it('validates a 13 MB file in a worker: a click is handled while "validating…" is shown', async () => {
    expect(await browser.version()).toMatch(/^firefox\//);
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
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
