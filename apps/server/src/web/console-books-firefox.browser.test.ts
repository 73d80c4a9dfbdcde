/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FirefoxConsole,
  firefoxSeriousViolations,
  startFirefoxConsole,
  waitForPageText,
} from '../testing/firefox-console.fixture.js';

// Issue 24, Books, in Debian's Firefox ESR over WebDriver BiDi (as console-firefox.browser.test.ts):
// export progress, thumbnails, the notice of a page added twice, crossword lines, and axe.

const PASSWORD = 'a long enough console password 42';

let firefox: FirefoxConsole;
let page: Page;

const seriousViolations = () => firefoxSeriousViolations(page);
const waitForText = (text: string, timeout?: number) => waitForPageText(page, text, timeout);

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
  firefox = await startFirefoxConsole('console-books');
  page = await firefox.openPage('/');
});

afterAll(async () => {
  await firefox?.close();
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
