/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  saveScreenshot,
  seriousViolations,
  signIn,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';
import { buildRepoTestSite } from '../testing/docs-test-site.js';

// The Scripts screen and the Start screen's capabilities panel against the real script engine
// (/api/lmx/*), the real capability registry (GET /api/capabilities) and a docs site built from
// this repository's docs, in Chromium.

const PASSWORD = 'a long enough console password 42';
const LMS_FOR_MEMBER =
  'lms is a host mode: host modes need an admin caller and SVC_LMX_HOST_MODES=1 on the server';

let harness: ConsoleHarness;
let site: { siteDir: string; remove(): void };
const opened: ConsolePage[] = [];

beforeAll(async () => {
  site = await buildRepoTestSite();
  harness = await startConsoleHarness({}, { docs: { siteDir: site.siteDir } });
});

afterAll(async () => {
  await harness?.close();
  site?.remove();
});

async function open(path: string): Promise<ConsolePage> {
  const page = await openConsole(harness, path);
  opened.push(page);
  return page;
}

/** The capability ids the Start screen lists. */
async function listedCapabilities(page: Page): Promise<string[]> {
  const panel = page.getByTestId('capabilities');
  await panel.locator('li').first().waitFor();
  return (await panel.locator('li code').allTextContents()).sort();
}

/** What the registry answers this browser's caller (same origin, same cookie). */
async function registryAnswer(page: Page): Promise<string[]> {
  const body = await page.evaluate(async () => (await fetch('/api/capabilities')).json());
  return (body as { capabilities: { id: string }[] }).capabilities.map((entry) => entry.id).sort();
}

/** The Start screen's list once it shows `email`'s capabilities (it is read again on sign-in). */
async function capabilitiesOf(page: Page, who: string): Promise<string[]> {
  await page.getByTestId('capabilities').getByText(`capabilities for ${who}`).waitFor();
  return listedCapabilities(page);
}

describe('Start: the capabilities of each caller, from the registry', () => {
  let anonymous: string[];
  let member: string[];

  it('lists what an anonymous caller may use, and the script languages', async () => {
    const { page, context } = await open('/');
    anonymous = await capabilitiesOf(page, 'an anonymous caller');
    expect(anonymous).toEqual(await registryAnswer(page));
    expect(anonymous).toContain('docs.searchDocs');
    expect(anonymous).not.toContain('lmx.run');
    const languages = await page.getByTestId('script-languages').textContent();
    // Nothing runs signed out: the panel says so once, and still names the host modes apart.
    expect(languages).toMatch(/^sign in to run lmx, /);
    expect(languages).toMatch(/not for you here: .*\blms\b/);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('lists more for a member, and everything the install has for an admin', async () => {
    const { page, context } = await open('/');
    await signUpAndSignIn(page, 'scripter@example.com', PASSWORD);
    member = await capabilitiesOf(page, 'scripter@example.com');
    expect(member).toEqual(await registryAnswer(page));
    expect(member).toEqual(expect.arrayContaining([...anonymous, 'lmx.run', 'activity-pages.buildBook']));
    expect(member).not.toContain('spec.validate');
    await context.close();

    const admin = await open('/');
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    const everything = await capabilitiesOf(admin.page, ADMIN.email);
    expect(everything).toEqual(await registryAnswer(admin.page));
    // Every registered capability, plus what resolves per caller: the built-in function dream
    // and the automation plane's actions.
    expect(everything).toEqual(
      [
        ...harness.server.app.capabilities.list().map((capability) => capability.id),
        'functions.dream',
        ...['dream', 'exportBook', 'generatePage', 'notify', 'webhook'].map(
          (action) => `automations.${action}`,
        ),
      ].sort(),
    );
    expect(everything).toEqual(expect.arrayContaining([...member, 'spec.validate']));
    expect(everything.length).toBeGreaterThan(member.length);
    await admin.context.close();
  });
});

describe('Scripts against the script engine', () => {
  let member: ConsolePage;

  afterAll(async () => member?.context.close());

  it('lists the sixteen modes to a member, a host mode unavailable with the server reason', async () => {
    member = await open('/');
    const { page } = member;
    await signUpAndSignIn(page, 'playground@example.com', PASSWORD);
    await goTo(page, 'Scripts');
    await page.locator('#script-mode option').nth(15).waitFor({ state: 'attached' });
    const options = await page.locator('#script-mode option').allTextContents();
    expect(options).toHaveLength(16);
    expect(options.find((text) => text.startsWith('lms '))).toMatch(/\(unavailable\)$/);
    expect(options.find((text) => text.startsWith('lmx '))).not.toMatch(/unavailable/);
    await page.locator('#script-mode').selectOption('lms');
    expect(await page.getByTestId('script-mode-reason').textContent()).toContain(LMS_FOR_MEMBER);
    await page.locator('#script-source').fill('RUN "id"');
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    await page.locator('#script-mode').selectOption('lmx');
    expect(await page.getByTestId('script-mode-reason').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a syntax error at its line and column; clicking it selects that line', async () => {
    const { page } = member;
    await page.locator('#script-mode').selectOption('lmx');
    await page.locator('#script-source').fill('let total = 1\nlet = 2\nprint total');
    await page.getByRole('button', { name: 'Run' }).click();
    const diagnostics = page.getByRole('list', { name: 'Diagnostics' });
    const first = diagnostics.getByRole('button').first();
    await first.waitFor();
    expect(await first.textContent()).toBe('Line 2, column 5');
    expect(await diagnostics.textContent()).toContain('E_PARSE');
    // The source line under the diagnostic, with a caret under column 5, as the CLI prints it.
    const excerpt = (await diagnostics.getByTestId('diagnostic-excerpt').first().textContent()) ?? '';
    const [sourceLine, caretLine] = excerpt.split('\n');
    expect(sourceLine).toBe('  2 | let = 2');
    expect(caretLine).toMatch(/^ {4}\| {5}\^+$/);
    await page.locator('#script-source').evaluate((element: HTMLTextAreaElement) => {
      element.setSelectionRange(0, 0);
    });
    await first.click();
    const selected = await page.locator('#script-source').evaluate((element: HTMLTextAreaElement) => ({
      text: element.value.slice(element.selectionStart, element.selectionEnd),
      focused: document.activeElement === element,
    }));
    expect(selected).toEqual({ text: 'let = 2', focused: true });
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'scripts-diagnostic');
  });

  it('loads a bundled demo with its input, runs it and shows what it printed', async () => {
    const { page } = member;
    const demos = (await page.evaluate(async () => (await fetch('/api/lmx/demos')).json())) as {
      demos: { id: string; mode: string; source: string; input?: unknown }[];
    };
    const demo = demos.demos.find((entry) => entry.id === 'lmx-fizzbuzz');
    if (!demo) throw new Error('the lmx-fizzbuzz demo is missing from GET /api/lmx/demos');
    await page.locator('#script-demo').selectOption(demo.id);
    expect(await page.locator('#script-source').inputValue()).toBe(demo.source);
    expect(JSON.parse(await page.locator('#script-input').inputValue())).toEqual(demo.input);
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText(/^Ran in lmx \(\d+ ms\)\.$/).waitFor();
    const output = await page.getByTestId('script-output').textContent();
    expect(output).toContain('FizzBuzz');
    expect(await page.getByRole('list', { name: 'Diagnostics' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'scripts');
  });

  it('lets an admin see why a host mode is still closed on this server', async () => {
    const admin = await open('/');
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await goTo(admin.page, 'Scripts');
    await admin.page.locator('#script-mode option[value="lmt"]').waitFor({ state: 'attached' });
    await admin.page.locator('#script-mode').selectOption('lmt');
    expect(await admin.page.getByTestId('script-mode-reason').textContent()).toContain(
      'lmt is a host mode: host modes need SVC_LMX_HOST_MODES=1 on the server',
    );
    await admin.context.close();
  });

  it('asks an anonymous visitor to sign in before running', async () => {
    const { page, context } = await open('/scripts');
    await page.locator('#script-mode option').first().waitFor({ state: 'attached' });
    await page.locator('#script-source').fill('print 1');
    await page.getByText('Running a script needs an account').waitFor();
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('the header docs link and search, on the merged docs site', () => {
  it('searches the docs from the header and opens the docs home', async () => {
    const { page, context } = await open('/scripts');
    await page.getByRole('searchbox', { name: 'Search the docs' }).fill('api key prefix');
    await page.getByRole('searchbox', { name: 'Search the docs' }).press('Enter');
    await page.waitForURL(/\/docs\/\?q=api\+key\+prefix$/);
    expect(await page.locator('.search-page li a').first().getAttribute('href')).toMatch(
      /^\/docs\/gate\/keys/,
    );
    await page.goto(`${harness.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.docs-search').getByRole('link', { name: 'Docs' }).click();
    await page.waitForURL(`${harness.baseUrl}/docs/`);
    expect(await page.locator('main h1').first().textContent()).toContain('svc documentation');
    await context.close();
  });
});

describe('every page this file opened', () => {
  it('reported no Content-Security-Policy violation and sent nothing to another origin', () => {
    expect(opened.length).toBeGreaterThan(5);
    for (const { violations, foreignRequests } of opened) {
      expect(violations).toEqual([]);
      expect(foreignRequests).toEqual([]);
    }
  });
});
