/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderPdfPage, requireTool } from '@svc/activity-core/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN, FIXTURE_ENV } from './access-test-fixtures.js';
import { testDatabaseTargets } from './test-databases.js';
import { createTestServer, type TestServer } from './test-server.js';

// Test support for the console's browser suites; never imported by production code. One
// Chromium and one real server (SQLite file, real HTTP on loopback) per test file.

// The poppler and tool helpers are activity-core's print fixtures, re-exported for the console suites.
export { ADMIN, renderPdfPage, requireTool };

/** A listening server and a browser for one test file. */
export interface ConsoleHarness {
  server: TestServer;
  baseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts a real server on a loopback port (auto-verify on, the fixture admin seeded, a temporary
 * data directory for exported PDFs) and launches Debian's Chromium. `extra` is handed to
 * `createTestServer` (a built docs site, for instance).
 *
 * @example
 * const harness = await startConsoleHarness();
 */
export async function startConsoleHarness(
  env: Record<string, string> = {},
  extra: Parameters<typeof createTestServer>[2] = {},
): Promise<ConsoleHarness> {
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-console-'));
  const server = await createTestServer(sqlite, { ...FIXTURE_ENV, SVC_DATA_DIR: dataDir, ...env }, extra);
  const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({
    executablePath: requireTool('/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    server,
    baseUrl,
    browser,
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page of the console with what the suites watch: CSP violations and requests to other origins. */
export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations reported by the page (must stay empty). */
  violations: string[];
  /** Requests that left the console's origin (must stay empty). */
  foreignRequests: string[];
}

/**
 * Opens a fresh browser context (its own cookies) on the console.
 *
 * @example
 * const { page, violations } = await openConsole(harness, '/puzzles');
 */
export async function openConsole(
  harness: ConsoleHarness,
  path = '/',
  options: { viewport?: { width: number; height: number }; clipboard?: boolean } = {},
): Promise<ConsolePage> {
  const context = await harness.browser.newContext({
    viewport: options.viewport ?? { width: 1100, height: 800 },
    acceptDownloads: true,
  });
  // Fail fast: every step of these flows is a local call that answers in well under a second.
  context.setDefaultTimeout(10_000);
  if (options.clipboard)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.baseUrl });
  const violations: string[] = [];
  const foreignRequests: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(harness.baseUrl) && !/^(?:data|blob|about):/.test(url)) foreignRequests.push(url);
  });
  const page = await context.newPage();
  // A sandboxed frame runs no init script, so its violations are read from the console too.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      violations.push(message.text());
  });
  await page.goto(`${harness.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { context, page, violations, foreignRequests };
}

/** Goes to a screen through the console's own navigation. */
export async function goTo(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Signs in through the Start screen's form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').first().fill(email);
  await page.locator('#sign-in-password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
}

/** Signs up through the Start screen (the server auto-verifies), then signs in. */
export async function signUpAndSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#sign-up-email').fill(email);
  await page.locator('#sign-up-password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`Account ${email} is ready: sign in.`).waitFor();
  // The sign-in form is prefilled with the new address.
  await expect.poll(() => page.locator('#sign-in-email').inputValue()).toBe(email);
  await page.locator('#sign-in-password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page (injected through the DevTools protocol, which the page's CSP does
 * not govern) and returns its serious and critical violations, WCAG 2.x A and AA rules.
 *
 * @example
 * expect(await seriousViolations(page)).toEqual([]);
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * Saves a screenshot for docs/console.md when `SVC_CONSOLE_SCREENSHOTS` names a directory
 * (`SVC_CONSOLE_SCREENSHOTS=docs/console`); otherwise does nothing, so test runs leave the tree clean.
 */
export async function saveScreenshot(page: Page, name: string, top?: string): Promise<void> {
  const dir = process.env.SVC_CONSOLE_SCREENSHOTS;
  if (!dir) return;
  const target = resolve(import.meta.dirname, '../../../..', dir);
  mkdirSync(target, { recursive: true });
  if (top) await page.locator(top).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  writeFileSync(join(target, `${name}.png`), await page.screenshot({ fullPage: false, scale: 'css' }));
}
