import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepoTestSite, startDocsServer } from '../testing/docs-test-site.js';

const CHROMIUM = '/usr/bin/chromium';
let browser: Browser;
let site: { siteDir: string; remove(): void };
let server: Awaited<ReturnType<typeof startDocsServer>>;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  site = await buildRepoTestSite();
  server = await startDocsServer({ siteDir: site.siteDir });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  site?.remove();
});

describe('the docs site in Chromium', () => {
  it('searches as you type and opens a result at its section', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.base}/docs/`);
    expect(await page.locator('main h1').first().textContent()).toContain('svc documentation');
    // Results follow the typing; wait for the answer to the whole query (typo included).
    const answered = page.waitForResponse((response) => response.url().includes('q=graceful%20shutdwon'));
    await page.locator('#q').pressSequentially('graceful shutdwon', { delay: 20 });
    await answered;
    await expect
      .poll(() => page.locator('#results li a').first().textContent(), { timeout: 10_000 })
      .toContain('Graceful shutdown');
    const first = page.locator('#results li a').first();
    expect(await page.locator('#results mark').count()).toBeGreaterThan(0);
    await first.click();
    await page.waitForURL(/\/docs\/server#graceful-shutdown$/);
    const heading = page.locator('#graceful-shutdown');
    expect(await heading.textContent()).toContain('Graceful shutdown');
    expect(await heading.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigates by the sidebar and by links inside pages, with highlighted code', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.base}/docs/gate`);
    await page.locator('nav.site a', { hasText: 'API keys' }).first().click();
    await page.waitForURL(/\/docs\/gate\/keys$/);
    expect(await page.locator('nav.site a[aria-current=page]').textContent()).toContain('API keys');
    expect(await page.locator('pre.code .hl-s, pre.code .hl-k').count()).toBeGreaterThan(0);
    const internal = page.locator('main a[href^="/docs/"]').first();
    const href = await internal.getAttribute('href');
    await internal.click();
    await page.waitForURL((url) => url.pathname === (href as string).split('#')[0]);
    expect((await page.goto(`${server.base}${(href as string).split('#')[0]}`))?.status()).toBe(200);
    await page.close();
  });

  it('opens a deep link to a section scrolled into view, readable on a phone', async () => {
    const page = await browser.newPage({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${server.base}/docs/gate/auth#rate-limits`);
    const heading = page.locator('#rate-limits');
    expect(await heading.textContent()).toContain('Rate limits');
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    const fontSize = await page.evaluate<number>(
      "Number.parseFloat(getComputedStyle(document.querySelector('main p')).fontSize)",
    );
    expect(fontSize).toBeGreaterThanOrEqual(16);
    await page.close();
  });

  it('answers an unknown page with suggestions, and searches without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const missing = await page.goto(`${server.base}/docs/gate/auht`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('main a[href="/docs/gate/auth"]').count()).toBe(1);
    await page.goto(`${server.base}/docs/`);
    await page.locator('#q').fill('api key prefix');
    await page.locator('#q').press('Enter');
    await page.waitForURL(/\/docs\/\?q=api\+key\+prefix/);
    expect(await page.locator('.search-page li a').first().getAttribute('href')).toMatch(
      /^\/docs\/gate\/keys/,
    );
    await context.close();
  });
});
