/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { readFile } from 'node:fs/promises';
import { countInk } from '@svc/activity-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  renderPdfPage,
  saveScreenshot,
  seriousViolations,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';

const PASSWORD = 'a long enough console password 42';
const PX_PER_MM = 96 / 25.4;

let harness: ConsoleHarness;
let member: ConsolePage;

beforeAll(async () => {
  harness = await startConsoleHarness();
  member = await openConsole(harness, '/');
});

afterAll(async () => {
  await harness?.close();
});

describe('from sign-up to a printed book, in Chromium', () => {
  it('signs up and in from the Start screen', async () => {
    const { page } = member;
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'start');
    await signUpAndSignIn(page, 'maker@example.com', PASSWORD);
    await expect.poll(() => page.locator('.session-email').textContent()).toBe('maker@example.com');
  });

  it('generates a sudoku, previews it at its trim with and without the key, prints and saves it', async () => {
    const { page } = member;
    await goTo(page, 'Puzzles');
    await page.locator('#kind').selectOption('sudoku');
    await page.getByLabel('Seed', { exact: false }).fill('console-sudoku');
    await page.locator('#input-difficulty').selectOption('easy');
    await page.getByRole('button', { name: 'Generate' }).click();
    const puzzle = page.locator('iframe[title="Puzzle print preview"]');
    await puzzle.waitFor();
    // The frame is the print route's HTML at the trim's real size, sandboxed without scripts.
    expect(await puzzle.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(await puzzle.getAttribute('width')).toBe(String(Math.round(215.9 * PX_PER_MM)));
    const frame = page.frameLocator('iframe[title="Puzzle print preview"]');
    await expect.poll(() => frame.locator('svg').count()).toBeGreaterThan(0);
    expect(await frame.locator('body').textContent()).not.toContain('Answer key');
    // Its own inline style sheet applies (the console's CSP lets the frame's styles through).
    const preview = page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
    expect(await preview?.evaluate(() => document.styleSheets[0]?.cssRules.length ?? 0)).toBeGreaterThan(0);
    await page.getByLabel('Trim').selectOption('A4');
    await expect.poll(() => puzzle.getAttribute('width')).toBe(String(Math.round(210 * PX_PER_MM)));

    await page.getByRole('checkbox', { name: 'Answer key' }).check();
    const key = page.frameLocator('iframe[title="Answer key print preview"]');
    await expect.poll(() => key.locator('body').textContent()).toContain('Answer key');

    // Print calls the frame's own print(): replaced here, as a headless browser has no dialog.
    await page.evaluate(() => {
      const frameWindow = document.querySelector('iframe')?.contentWindow as
        | (Window & { printed?: number })
        | null;
      if (!frameWindow) throw new Error('no preview frame');
      frameWindow.print = () => {
        frameWindow.printed = (frameWindow.printed ?? 0) + 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(
      await page.evaluate(
        () =>
          (document.querySelector('iframe')?.contentWindow as (Window & { printed?: number }) | null)
            ?.printed,
      ),
    ).toBe(1);

    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'puzzles');
    await page.getByLabel('Title in books', { exact: false }).fill('Sudoku one');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Saved to your pages.').waitFor();
  });

  it('shows the server-side problems of a bad input next to the field', async () => {
    const { page } = member;
    // Within the field's bounds (4–16) but not a sudoku size: only the server knows.
    await page.locator('#input-size').fill('5');
    await page.getByRole('button', { name: 'Generate' }).click();
    expect(await page.locator('#problem-size').textContent()).toContain('must be 4, 6, 9 or 16');
    expect(await page.getByRole('alert').first().textContent()).toContain('ACT_INVALID_INPUT');
    await page.locator('#kind').selectOption('maze');
    await page.locator('#input-width').fill('8');
    await page.locator('#input-height').fill('8');
    await page.getByLabel('Seed', { exact: false }).fill('console-maze');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('8×8 maze', { exact: false }).waitFor();
    await page.getByLabel('Title in books', { exact: false }).fill('Maze two');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Saved to your pages.').waitFor();
  });

  it('orders the pages by keyboard and by drag, exports the book and downloads a PDF that renders', async () => {
    const { page } = member;
    await goTo(page, 'Books');
    await page.getByRole('button', { name: 'Add Sudoku one (sudoku) to the book' }).click();
    await page.getByRole('button', { name: 'Add Maze two (maze) to the book' }).click();
    const order = () => page.locator('.order-list .title').allTextContents();
    expect(await order()).toEqual(['Sudoku one (sudoku)', 'Maze two (maze)']);

    // Keyboard: the handle takes ↑, and keeps the focus on the moved page.
    await page.getByRole('button', { name: 'Move Maze two (maze), page 2 of 2' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(order).toEqual(['Maze two (maze)', 'Sudoku one (sudoku)']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Maze two (maze), page 1 of 2');
    await page.getByText('Maze two (maze) moved to position 1 of 2.').waitFor();

    // Drag and drop: the sudoku dropped onto the first entry goes back to the front.
    await page.locator('.order-list li').nth(1).dragTo(page.locator('.order-list li').nth(0));
    await expect.poll(order).toEqual(['Sudoku one (sudoku)', 'Maze two (maze)']);

    await page.getByLabel('Title', { exact: true }).fill('Console Book');
    await page.getByLabel('Author').fill('Ms. Rivera');
    await page.getByLabel('Trim').selectOption('6x9');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save and export PDF' }).click();
    const link = page.getByRole('link', { name: 'Download the PDF of “Console Book”' });
    await link.waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'books');

    // The saved book holds the pages in the order arranged on screen.
    const pages = (await (
      await page.request.get(`${harness.baseUrl}/db/activity_pages?owner=me`)
    ).json()) as {
      items: { id: string; title: string }[];
    };
    const idOf = (title: string) => pages.items.find((item) => item.title === title)?.id;
    const books = (await (
      await page.request.get(`${harness.baseUrl}/db/activity_books?owner=me`)
    ).json()) as {
      items: { title: string; pageIds: string[]; trim: string }[];
    };
    expect(books.items).toMatchObject([
      { title: 'Console Book', trim: '6x9', pageIds: [idOf('Sudoku one'), idOf('Maze two')] },
    ]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Console Book.pdf');
    const path = await download.path();
    const pdf = await readFile(path);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Page 1 (the title page) at 30 dpi: 6 × 9 in is 180 × 270 pixels, with ink on it.
    const ink = countInk(renderPdfPage(pdf, 1, 30));
    expect({ width: ink.width, height: ink.height }).toEqual({ width: 180, height: 270 });
    expect(ink.ink).toBeGreaterThan(100);
    const second = countInk(renderPdfPage(pdf, 2, 30));
    expect(second.ink, 'the first puzzle page is not blank').toBeGreaterThan(ink.ink);
  });

  it('broke no CSP rule and asked no other origin for anything', () => {
    expect(member.violations).toEqual([]);
    expect(member.foreignRequests).toEqual([]);
  });
});

describe('keyboard and phone', () => {
  it('starts with a visible skip link and moves focus to the heading of a new screen', async () => {
    const { page, context } = await openConsole(harness, '/');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const box = element.getBoundingClientRect();
      return { text: element.textContent, outline: getComputedStyle(element).outlineStyle, left: box.left };
    });
    expect(focused).toMatchObject({ text: 'Skip to content' });
    expect(focused.outline).not.toBe('none');
    expect(focused.left).toBeGreaterThanOrEqual(0);
    await page.getByRole('link', { name: 'Puzzles', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Puzzles');
    expect(page.url()).toBe(`${harness.baseUrl}/puzzles`);
    await context.close();
  });

  it('fits a phone screen without sideways scrolling on every screen', async () => {
    const { page, context } = await openConsole(harness, '/', { viewport: { width: 390, height: 844 } });
    for (const path of ['/', '/puzzles', '/books', '/ideation', '/scripts', '/specs', '/account']) {
      await page.goto(`${harness.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
