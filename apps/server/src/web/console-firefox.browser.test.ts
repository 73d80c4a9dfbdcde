/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cspViolationsOf,
  type FirefoxConsole,
  startFirefoxConsole,
  waitForPageText,
} from '../testing/firefox-console.fixture.js';

// The console in Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (playwright's
// Firefox is a patched build that would have to be downloaded). The Chromium suites prove every
// screen in depth; this one walks the main flows in the other engine the console promises.

const PASSWORD = 'a long enough console password 42';

let firefox: FirefoxConsole;
let page: Page;

/** Text of the first element matching `selector`, once one exists. */
async function textOf(selector: string): Promise<string> {
  const element = await page.waitForSelector(selector);
  return (await element?.evaluate((node) => node.textContent ?? '')) ?? '';
}

/** Waits until the page's text contains `text`. */
const waitForText = (text: string) => waitForPageText(page, text);

/** Clicks the button whose text is exactly `label`. */
async function clickButton(label: string): Promise<void> {
  await page.locator(`button::-p-text(${label})`).click();
}

/** Goes to a screen through the console's own navigation. */
async function goTo(label: string): Promise<void> {
  const link = page.locator(`nav[aria-label="Console"] a::-p-text(${label})`);
  const path = await (await link.waitHandle()).evaluate(
    (node) => new URL((node as HTMLAnchorElement).href).pathname,
  );
  await link.click();
  await page.waitForFunction(
    (wanted: string) => location.pathname === wanted && document.querySelector('h1') !== null,
    {},
    path,
  );
}

/** Replaces a field's value. */
async function fill(selector: string, value: string): Promise<void> {
  await page.locator(selector).fill(value);
}

beforeAll(async () => {
  firefox = await startFirefoxConsole('console');
  page = await firefox.openPage('/');
});

afterAll(async () => {
  await firefox?.close();
});

describe('the console in Firefox', () => {
  it('runs on Firefox ESR', async () => {
    expect(await page.browser().version()).toMatch(/^firefox\//);
  });

  it('signs up and in from the Start screen', async () => {
    await fill('#sign-up-email', 'fox@example.com');
    await fill('#sign-up-password', PASSWORD);
    await clickButton('Create account');
    await waitForText('Account fox@example.com is ready: sign in.');
    await page.waitForFunction(
      () =>
        (document.querySelector('#sign-in-email') as HTMLInputElement | null)?.value === 'fox@example.com',
    );
    await fill('#sign-in-password', PASSWORD);
    await clickButton('Sign in');
    await waitForText('Signed in');
    expect(await textOf('.session-email')).toBe('fox@example.com');
  });

  it('generates a sudoku and previews it in its sandboxed frame', async () => {
    await goTo('Puzzles');
    await page.select('#kind', 'sudoku');
    await fill('#seed', 'firefox-sudoku');
    await clickButton('Generate');
    const frame = await page.waitForSelector('iframe[title="Puzzle print preview"]');
    expect(await frame?.evaluate((node) => node.getAttribute('sandbox'))).toBe(
      'allow-same-origin allow-modals',
    );
    // The frame holds the print route's HTML: the grid is drawn as SVG.
    await page.waitForFunction(
      () =>
        (
          document.querySelector('iframe[title="Puzzle print preview"]') as HTMLIFrameElement | null
        )?.contentDocument?.querySelector('svg') !== null,
    );
  });

  it('shows a script syntax error at its line and column, and a fixed script runs', async () => {
    await goTo('Scripts');
    await page.select('#script-mode', 'lmx');
    await fill('#script-source', 'let total = 1\nlet = 2\nprint total');
    await clickButton('Run');
    expect(await textOf('[aria-label="Diagnostics"] button')).toBe('Line 2, column 5');
    await fill('#script-source', 'let total = 1\nlet more = 2\nprint total + more');
    await clickButton('Run');
    await page.waitForFunction(() => document.querySelector('[aria-label="Diagnostics"]') === null);
    expect((await textOf('[data-testid="script-output"]')).trim()).toBe('3');
  });

  it('validates a spec and lists its error with its line', async () => {
    await goTo('Specs');
    await fill('#spec-text', 'openapi: 3.0.3\ninfo:\n  title: Pets\npaths: {}\n');
    await clickButton('Validate');
    // info has no version: the error points at the info object, line 2.
    expect(await textOf('ul.diagnostics button')).toMatch(/^Line 2\b/);
  });

  it('broke no CSP rule and asked no other origin for anything', async () => {
    expect(await cspViolationsOf(page)).toEqual([]);
    expect(firefox.foreignRequests).toEqual([]);
  });
});
