/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIXTURE_ENV } from './access-test-fixtures.js';
import { requireTool } from './console-browser.fixture.js';
import { testDatabaseTargets } from './test-databases.js';
import { createTestServer, type TestServer } from './test-server.js';

// The console in Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (playwright's
// Firefox is a patched build that would have to be downloaded; BiDi drives the stock browser).
// One server on SQLite with the fixture accounts, and as many browsers as a suite needs.

/** A test server on loopback and the Firefox windows a suite opens on it. */
export interface FirefoxConsole {
  readonly server: TestServer;
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** Every request a page made to another origin (`data:`, `blob:` and `about:` aside). */
  readonly foreignRequests: string[];
  /**
   * A fresh Firefox (its own profile, so its own cookies) with one page at `path`, its timeout
   * 15 s; the page collects Content-Security-Policy violations (read with {@link cspViolationsOf}).
   */
  openPage(path?: string): Promise<Page>;
  /** Closes every browser, the server and its data directory. */
  close(): Promise<void>;
}

/**
 * Starts the server (its own data directory, named after `name`) for a Firefox suite.
 *
 * @example
 * const firefox = await startFirefoxConsole('specs');
 * const page = await firefox.openPage('/specs');
 */
export async function startFirefoxConsole(name: string): Promise<FirefoxConsole> {
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  const dataDir = mkdtempSync(join(tmpdir(), `svc-${name}-firefox-`));
  const server = await createTestServer(sqlite, { ...FIXTURE_ENV, SVC_DATA_DIR: dataDir });
  const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const browsers: Browser[] = [];
  const foreignRequests: string[] = [];
  return {
    server,
    baseUrl,
    foreignRequests,
    async openPage(path = '/') {
      const browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: requireTool('/usr/bin/firefox-esr'),
        headless: true,
      });
      browsers.push(browser);
      const page = await browser.newPage();
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
      await page.goto(`${baseUrl}${path}`);
      await page.waitForSelector('h1');
      return page;
    },
    async close() {
      for (const browser of browsers) await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Content-Security-Policy violations the page reported since it loaded. */
export function cspViolationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations (WCAG 2.x A and AA, best practice) on the page, as
 * `seriousViolations` finds them in Chromium: `impact id (targets)`.
 */
export async function firefoxSeriousViolations(page: Page): Promise<string[]> {
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
        (violation) =>
          `${violation.impact} ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
  });
}

/** Waits until the page's text contains `text`. */
export async function waitForPageText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (wanted: string) => (document.body.textContent ?? '').includes(wanted),
    { timeout },
    text,
  );
}
