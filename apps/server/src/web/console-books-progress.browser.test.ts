/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  saveScreenshot,
  seriousViolations,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';

// Issue 24, Books: export progress, page thumbnails, a page added twice, and the texts that read
// wrong (membership, capability groups, plan features, crossword words), in Chromium. The same
// behaviours in Firefox: console-books-firefox.browser.test.ts.

const PASSWORD = 'a long enough console password 42';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1100, height: 800 };

let harness: ConsoleHarness;
let member: ConsolePage;

/** Generates a page through the API (the browser's own cookie) and saves it under `title`. */
async function savePage(page: Page, kind: string, input: Record<string, unknown>, title: string) {
  return page.evaluate(
    async ({ kind, input, title }) => {
      const post = async (url: string, body: unknown) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const generated = await post('/api/activity/pages/generate', { kind, seed: title, input });
      const saved = await post('/api/activity/pages', { kind, doc: generated.page.doc, title });
      return saved.page.id as string;
    },
    { kind, input, title },
  );
}

/**
 * Records, in the page, every state the export's progress bar shows until the download link
 * appears: a MutationObserver sees each render, so no value is missed between polls.
 */
async function watchExport(page: Page) {
  await page.evaluate(() => {
    const seen: { now: string | null; max: string | null; text: string }[] = [];
    (window as unknown as { exportStates: typeof seen }).exportStates = seen;
    const record = () => {
      const bar = document.querySelector('.export-watcher [role="progressbar"]');
      const text = document.querySelector('.export-watcher .export-label')?.textContent ?? '';
      if (!bar) return;
      const state = { now: bar.getAttribute('aria-valuenow'), max: bar.getAttribute('aria-valuemax'), text };
      const last = seen.at(-1);
      if (!last || last.now !== state.now || last.text !== state.text) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

async function exportStates(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { exportStates: { now: string | null; max: string | null; text: string }[] })
        .exportStates,
  );
}

/** Waits until a quarter of the export is built (or it is done), so a screenshot shows a bar that has moved. */
async function waitForQuarter(page: Page) {
  await page.waitForFunction(
    () => {
      const bar = document.querySelector('.export-watcher [role="progressbar"]');
      if (!bar) return true;
      return Number(bar.getAttribute('aria-valuenow')) * 4 >= Number(bar.getAttribute('aria-valuemax'));
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** Asserts the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  harness = await startConsoleHarness();
  member = await openConsole(harness, '/');
});

afterAll(async () => {
  await harness?.close();
});

describe('Books: progress, thumbnails and a page added twice, in Chromium', () => {
  let bigMaze: string;

  it('signs up and in', async () => {
    await signUpAndSignIn(member.page, 'bookmaker@example.com', PASSWORD);
  });

  it('shows a thumbnail of each page in the arranger and says plainly when a page is added twice', async () => {
    const { page } = member;
    bigMaze = await savePage(page, 'maze', { width: 60, height: 60 }, 'Big maze');
    await savePage(page, 'sudoku', {}, 'Small sudoku');
    await goTo(page, 'Books');
    await page.getByRole('button', { name: 'Add Big maze (maze) to the book' }).click();
    await page.getByRole('button', { name: 'Add Small sudoku (sudoku) to the book' }).click();
    expect(await page.locator('.order-list .duplicate').count()).toBe(0);
    await page.getByRole('button', { name: 'Add Big maze (maze) to the book' }).click();
    await page.getByText('Big maze (maze) is already page 1; added again as page 3.').waitFor();
    const notices = page.locator('.order-list li .duplicate');
    expect(await notices.allTextContents()).toEqual([
      'Same page as page 3: it prints 2 times in this book.',
      'Same page as page 1: it prints 2 times in this book.',
    ]);
    expect(await page.locator('.order-list li').nth(1).locator('.duplicate').count()).toBe(0);

    // One thumbnail per entry: the print route's HTML in a frame with no permission at all.
    const thumbnails = page.locator('[data-testid="page-thumbnail"] iframe');
    await expect.poll(() => thumbnails.count()).toBe(3);
    for (const frame of await thumbnails.all()) expect(await frame.getAttribute('sandbox')).toBe('');
    const box = await thumbnails.first().evaluate((node) => node.parentElement?.getBoundingClientRect());
    expect(box?.width).toBe(64);
    // Each frame holds the drawn page (SVG); the two maze entries show the same page.
    await expect
      .poll(async () => {
        const frames = page.frames().filter((frame) => frame.url() === 'about:srcdoc');
        const counts = await Promise.all(frames.map((frame) => frame.locator('svg').count()));
        return counts.filter((count) => count > 0).length;
      })
      .toBe(3);

    // Removing the repeat clears both notices.
    await page.getByRole('button', { name: 'Remove Big maze (maze)' }).last().click();
    await expect.poll(() => notices.count()).toBe(0);
    await page.getByRole('button', { name: 'Add Big maze (maze) to the book' }).click();
    await expect.poll(() => notices.count()).toBe(2);

    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'books-arranger', '#book-heading');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'the arranger at 390 px');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'books-arranger-390', '#book-heading');
    await page.setViewportSize(DESKTOP);
  });

  it('shows pages built of the total while the export runs, then the link', async () => {
    const { page } = member;
    // A book big enough to take seconds: 400 copies of the 60×60 maze, large print, with keys.
    await page.evaluate(async (pageId) => {
      const response = await fetch('/api/activity/books', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'A long book',
          trim: '8.5x11',
          pageIds: Array.from({ length: 400 }, () => pageId),
          options: { includeKeys: true, largePrint: true },
        }),
      });
      if (response.status !== 201) throw new Error(await response.text());
    }, bigMaze);
    await page.reload();
    await page.getByRole('heading', { name: 'Your books' }).waitFor();
    await page.getByText('A long book').waitFor();
    await watchExport(page);
    await page.getByRole('button', { name: 'Export again' }).click();
    const bar = page.getByRole('progressbar');
    await page.getByText(/Building page \d+ of \d+/).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await waitForQuarter(page);
    await saveScreenshot(page, 'books-export-progress', '#export-heading');
    expect(await bar.getAttribute('aria-labelledby')).toMatch(/^export-label-/);
    const link = page.getByRole('link', { name: 'Download the PDF of “A long book”' });
    await link.waitFor({ timeout: 60_000 });

    const states = await exportStates(page);
    const building = states.filter((state) => /^Building page/.test(state.text));
    expect(building.length, JSON.stringify(states)).toBeGreaterThanOrEqual(3);
    const total = Number(building[0]?.max);
    expect(total).toBeGreaterThan(401);
    for (const [index, state] of building.entries()) {
      const done = Number(state.now);
      expect(state.max).toBe(String(total));
      expect(state.text).toContain(`Building page ${done + 1} of ${total}`);
      if (index > 0) expect(done).toBeGreaterThan(Number(building[index - 1]?.now));
    }
  });

  it('shows the progress at 390 px without sideways scrolling', async () => {
    const { page } = member;
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Export again' }).click();
    await page.getByText(/Building page \d+ of \d+/).waitFor({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'the export at 390 px');
    await waitForQuarter(page);
    await saveScreenshot(page, 'books-export-progress-390', '#export-heading');
    await page.getByRole('link', { name: 'Download the PDF of “A long book”' }).waitFor({ timeout: 60_000 });
    await page.setViewportSize(DESKTOP);
  });
});

describe('texts that read as people write them', () => {
  it('takes crossword words one per line with their clues', async () => {
    const { page } = member;
    await goTo(page, 'Puzzles');
    await page.locator('#kind').selectOption('crossword');
    const words = page.locator('#input-words');
    expect(await words.getAttribute('placeholder')).toBe('otter: Plays in rivers\nbeaver: Builds dams');
    expect(await page.locator('#hint-words').textContent()).toContain(
      'One per line: the word, a colon, its clue.',
    );
    expect(await page.locator('#hint-words').textContent()).not.toContain('JSON');
    // A line without its clue is named before anything is sent.
    await words.fill('otter: Plays in rivers\nbeaver');
    await page.getByRole('button', { name: 'Generate' }).click();
    expect(await page.locator('#problem-words').textContent()).toContain(
      'line 2 needs a word, a colon and its clue',
    );
    await words.fill(
      'otter: Plays in rivers\nbeaver: Builds dams\nheron: Stands on one leg\nbadger - Digs a sett\nraven\tA black bird',
    );
    await page.getByLabel('Seed', { exact: false }).fill('console-crossword');
    await page.getByRole('button', { name: 'Generate' }).click();
    const preview = page.frameLocator('iframe[title="Puzzle print preview"]');
    await expect.poll(() => preview.locator('body').textContent()).toContain('Stands on one leg');
    expect(await preview.locator('body').textContent()).toContain('A black bird');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'puzzles-crossword', '#generate-heading');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'the crossword form at 390 px');
    await saveScreenshot(page, 'puzzles-crossword-390', '#input-words');
    await page.setViewportSize(DESKTOP);
  });

  it('says "Membership: none" once, names plan features, and heads capability groups in words', async () => {
    const { page } = member;
    await goTo(page, 'Start');
    const line = page.locator('#signed-in-heading + p');
    await expect.poll(() => line.textContent()).toContain('Membership: none.');
    const signedIn = await line.textContent();
    expect(signedIn).not.toContain('(none)');
    // The panel draws its groups when GET /api/capabilities answers: wait for the first.
    const panel = page.getByTestId('capabilities');
    await panel.getByRole('heading', { name: 'Built-in tools', level: 3 }).waitFor();
    const headings = await panel.locator('h3').allTextContents();
    expect(headings[0]).toBe('Built-in tools');
    expect(headings).toContain('Services with a choice of provider (models, PDF, search)');
    for (const plane of ['adapter', 'automation', 'capability']) expect(headings).not.toContain(plane);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'start-capabilities', '#capabilities-heading');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'Start at 390 px');
    await saveScreenshot(page, 'start-capabilities-390', '#capabilities-heading');
    await page.setViewportSize(DESKTOP);

    await goTo(page, 'Account');
    const membership = page.locator('section[aria-labelledby="membership-heading"]');
    await membership.getByText('Membership: none').waitFor();
    const text = (await membership.textContent()) ?? '';
    expect(text).not.toContain('none (none)');
    expect(text).not.toContain('print-without-watermark');
    expect(await membership.getByRole('row', { name: /Pro/ }).textContent()).toContain(
      'Printing without the watermark and the ideation pipeline (AI models)',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-membership', '#membership-heading');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'the account at 390 px');
    await saveScreenshot(page, 'account-membership-390', '#membership-heading');
    await page.setViewportSize(DESKTOP);
  });

  it('broke no CSP rule and asked no other origin for anything', () => {
    expect(member.violations).toEqual([]);
    expect(member.foreignRequests).toEqual([]);
  });
});
