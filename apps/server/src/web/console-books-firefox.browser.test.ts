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
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// Issue 24, Books, in Debian's Firefox ESR over WebDriver BiDi (as console-firefox.browser.test.ts):
// export progress, thumbnails, the notice of a page added twice, crossword lines, and axe.

const PASSWORD = 'a long enough console password 42';

let server: TestServer;
let baseUrl: string;
let dataDir: string;
let browser: Browser;
let page: Page;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.x A/AA violations on the page, as in the Chromium fixture. */
async function seriousViolations(): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: unknown,
          ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

async function waitForText(text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (wanted: string) => (document.body.textContent ?? '').includes(wanted),
    { timeout },
    text,
  );
}

async function goTo(label: string, path: string): Promise<void> {
  await page.locator(`nav[aria-label="Console"] a::-p-text(${label})`).click();
  await page.waitForFunction(
    (wanted: string) => location.pathname === wanted && document.querySelector('h1') !== null,
    {},
    path,
  );
}

/** Calls the API from the page (its session cookie) and returns the JSON answer. */
async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  return page.evaluate(
    async (target: string, payload: unknown) => {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      if (!response.ok) throw new Error(`${target}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    url,
    body,
  );
}

beforeAll(async () => {
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  dataDir = mkdtempSync(join(tmpdir(), 'svc-console-books-firefox-'));
  server = await createTestServer(sqlite, { ...FIXTURE_ENV, SVC_DATA_DIR: dataDir });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: requireTool('/usr/bin/firefox-esr'),
    headless: true,
  });
  page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${baseUrl}/`);
  await page.waitForSelector('h1');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('Books and the reworded texts in Firefox', () => {
  let mazeId: string;

  it('signs up and in', async () => {
    await page.locator('#sign-up-email').fill('foxbooks@example.com');
    await page.locator('#sign-up-password').fill(PASSWORD);
    await page.locator('button::-p-text(Create account)').click();
    await waitForText('Account foxbooks@example.com is ready: sign in.');
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.locator('button::-p-text(Sign in)').click();
    await waitForText('Membership: none.');
  });

  it('shows thumbnails and the notice of a page added twice', async () => {
    for (const [kind, title, input] of [
      ['maze', 'Fox maze', { width: 60, height: 60 }],
      ['sudoku', 'Fox sudoku', {}],
    ] as const) {
      const generated = (await post('/api/activity/pages/generate', { kind, seed: title, input })) as {
        page: { doc: unknown };
      };
      const saved = (await post('/api/activity/pages', { kind, doc: generated.page.doc, title })) as {
        page: { id: string };
      };
      if (kind === 'maze') mazeId = saved.page.id;
    }
    await goTo('Books', '/books');
    const add = (label: string) => page.locator(`button[aria-label="Add ${label} to the book"]`).click();
    await add('Fox maze (maze)');
    await add('Fox sudoku (sudoku)');
    await add('Fox maze (maze)');
    await waitForText('Fox maze (maze) is already page 1; added again as page 3.');
    const notices = await page.$$eval('.order-list li', (items) =>
      items.map((item) => item.querySelector('.duplicate')?.textContent ?? null),
    );
    expect(notices).toEqual([
      'Same page as page 3: it prints 2 times in this book.',
      null,
      'Same page as page 1: it prints 2 times in this book.',
    ]);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="page-thumbnail"] iframe[sandbox=""]').length === 3,
    );
    // The frames are opaque origins: their drawing is checked from inside each one.
    const frames = page.frames().filter((frame) => frame !== page.mainFrame());
    expect(frames.length).toBe(3);
    for (const frame of frames) await frame.waitForSelector('svg');
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows pages built of the total while a 400-page book exports, then the link', async () => {
    await post('/api/activity/books', {
      title: 'Fox long book',
      trim: '8.5x11',
      pageIds: Array.from({ length: 400 }, () => mazeId),
      options: { includeKeys: true, largePrint: true },
    });
    await page.reload();
    await waitForText('Fox long book');
    await page.evaluate(() => {
      const seen: { now: string | null; max: string | null; text: string }[] = [];
      (window as unknown as { exportStates: typeof seen }).exportStates = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('.export-watcher [role="progressbar"]');
        if (!bar) return;
        const state = {
          now: bar.getAttribute('aria-valuenow'),
          max: bar.getAttribute('aria-valuemax'),
          text: document.querySelector('.export-watcher .export-label')?.textContent ?? '',
        };
        const last = seen.at(-1);
        if (!last || last.now !== state.now || last.text !== state.text) seen.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.locator('button::-p-text(Export again)').click();
    await page.waitForFunction(() => /Building page \d+ of \d+/.test(document.body.textContent ?? ''), {
      timeout: 30_000,
    });
    expect(await seriousViolations()).toEqual([]);
    await page.waitForSelector('a::-p-text(Download the PDF of “Fox long book”)', { timeout: 60_000 });
    const states = await page.evaluate(
      () =>
        (window as unknown as { exportStates: { now: string | null; max: string | null; text: string }[] })
          .exportStates,
    );
    const building = states.filter((state) => /^Building page/.test(state.text));
    expect(building.length, JSON.stringify(states)).toBeGreaterThanOrEqual(3);
    const total = Number(building[0]?.max);
    expect(total).toBeGreaterThan(401);
    for (const [index, state] of building.entries()) {
      expect(state.text).toContain(`Building page ${Number(state.now) + 1} of ${total}`);
      if (index > 0) expect(Number(state.now)).toBeGreaterThan(Number(building[index - 1]?.now));
    }
  });

  it('takes crossword words one per line with their clues', async () => {
    await goTo('Puzzles', '/puzzles');
    await page.select('#kind', 'crossword');
    await page
      .locator('#input-words')
      .fill('otter: Plays in rivers\nbeaver: Builds dams\nheron - Stands on one leg');
    await page.locator('#seed').fill('firefox-crossword');
    await page.locator('button::-p-text(Generate)').click();
    await page.waitForFunction(
      () =>
        (
          document.querySelector('iframe[title="Puzzle print preview"]') as HTMLIFrameElement | null
        )?.contentDocument?.body?.textContent?.includes('Stands on one leg') === true,
    );
    expect(await seriousViolations()).toEqual([]);
  });
});
