/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import puppeteer, { type Browser as FirefoxBrowser, type Page as FirefoxPage } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, logIn } from '../testing/access-test-fixtures.js';
import {
  type ConsoleHarness,
  type ConsolePage,
  openConsole,
  requireTool,
  saveScreenshot,
  seriousViolations,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';
import { createMember, modelEnv } from '../testing/dreamer-test-helpers.js';
import { type FakeModelServer, startFakeModelServer } from '../testing/fake-model-server.js';

// Ideation against a model that streams (the fake model server, OpenAI wire format): the text
// of a stage shows, rendered as Markdown, while the model is still writing (the fake holds the
// rest of its answer until the test releases it); model output cannot run script in the console.

/** Markdown with the kinds of HTML a model (or a prompt injection) might write. */
const HOSTILE_ANSWER = [
  '## Hive ideas',
  '',
  '1. **Scale** for hives',
  '2. _Swarm_ alerts',
  '',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
  '',
  "[a link](javascript:window.__pwned='link') and [a real one](https://example.org/bees)",
  '',
  '| Idea | Effort |',
  '| --- | --- |',
  '| Scale | S |',
].join('\n');
// Frames before the hold: the role chunk, then "## ", "Hive ", "ideas\n\n", "1. ", "**Scale** ".
const HOLD_AFTER = 6;

let harness: ConsoleHarness;
let models: FakeModelServer;
let adminCookie: string;

/** A member with the PRO plan, as `name=value` cookie parts. */
async function signedInMember(): Promise<{ name: string; value: string }> {
  const member = await createMember(harness.server.app, adminCookie, 'PRO');
  const [pair] = member.cookie.split(';');
  const [name = '', ...rest] = (pair ?? '').split('=');
  return { name, value: rest.join('=') };
}

beforeAll(async () => {
  models = await startFakeModelServer();
  harness = await startConsoleHarness(modelEnv(models));
  adminCookie = await logIn(harness.server.app, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await harness?.close();
  await models?.close();
});

describe('ideation streaming in Chromium', () => {
  let member: ConsolePage;
  beforeAll(async () => {
    member = await openConsole(harness, '/');
    const cookie = await signedInMember();
    await member.context.addCookies([{ ...cookie, url: harness.baseUrl }]);
  });

  const stage = (page: Page, key: string) => page.locator(`[data-stage="${key}"]`);

  it('shows the stage’s text as Markdown while the model is still writing it', async () => {
    const { page } = member;
    await page.goto(`${harness.baseUrl}/ideation`);
    await page.getByRole('heading', { level: 1, name: 'Ideation' }).waitFor();
    models.enqueue({ text: HOSTILE_ANSWER, usage: { input: 120, output: 48 }, holdAfterChunks: HOLD_AFTER });
    const held = models.waitForHold();
    await page.locator('#topic').fill('urban beekeeping');
    await page.getByRole('button', { name: 'Run' }).click();
    await held;
    const idea = stage(page, 'idea');
    await idea.locator('.stage-output h2', { hasText: 'Hive ideas' }).waitFor();
    await idea.locator('.stage-output strong', { hasText: 'Scale' }).waitFor();
    // The model has not finished: the stage is still running and says it is being written.
    expect(await idea.getAttribute('data-state')).toBe('running');
    expect(await idea.textContent()).toContain('writing…');
    expect(await idea.textContent()).toContain('gpt-test-1');
    expect(await stage(page, 'expansion').getAttribute('data-state')).toBe('waiting');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ideation-streaming', '#live-heading');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'ideation-streaming-390', '#live-heading');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1100, height: 800 });
  });

  it('finishes with time and tokens per stage, and model HTML inert', async () => {
    const { page } = member;
    // The test server's clock is manual: the held stage took exactly as long as it moves.
    harness.server.clock.advance(4200);
    models.release();
    await page.getByText('Run finished.').waitFor();
    const idea = stage(page, 'idea');
    expect(await idea.getAttribute('data-state')).toBe('done');
    const facts = ((await idea.locator('.stage-facts').textContent()) ?? '').replaceAll('\u00a0', ' ');
    expect(facts).toBe('openai · gpt-test-1 · 4.2 s · 120 → 48 tokens');
    const output = idea.locator('.stage-output');
    expect(await output.locator('li').allTextContents()).toEqual(['Scale for hives', 'Swarm alerts']);
    expect(await output.locator('table td').allTextContents()).toEqual(['Scale', 'S']);
    expect(await output.locator('script, img, [onerror]').count()).toBe(0);
    // Raw HTML from the model is shown as the text it is, not parsed.
    expect(await output.textContent()).toContain('<script>window.__pwned = "script"</script>');
    expect(
      await output.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([null, 'https://example.org/bees']);
    expect(await output.locator('a[href]').getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await output.locator('a', { hasText: 'a link' }).click();
    expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
    // Every stage reports its model, time and tokens.
    expect(await page.locator('[data-stage] .stage-facts').count()).toBe(6);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ideation-done', '#live-heading');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'ideation-done-390', '#live-heading');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('broke no CSP rule and asked no other origin for anything', () => {
    expect(member.violations).toEqual([]);
    expect(member.foreignRequests).toEqual([]);
  });
});

describe('ideation streaming in Firefox', () => {
  let browser: FirefoxBrowser;
  let page: FirefoxPage;
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

  beforeAll(async () => {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: requireTool('/usr/bin/firefox-esr'),
      headless: true,
    });
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const cookie = await signedInMember();
    await browser.setCookie({ ...cookie, domain: '127.0.0.1', path: '/' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function seriousFirefoxViolations(): Promise<string[]> {
    await page.evaluate(axeSource);
    return page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: Document,
              options: unknown,
            ): Promise<{ violations: { id: string; impact: string | null }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.impact} ${violation.id}`);
    });
  }

  it('shows streamed Markdown before the stage ends and runs none of the model’s HTML', async () => {
    await page.goto(`${harness.baseUrl}/ideation`);
    await page.waitForSelector('#topic');
    models.enqueue({ text: HOSTILE_ANSWER, holdAfterChunks: HOLD_AFTER });
    const held = models.waitForHold();
    await page.locator('#topic').fill('urban beekeeping');
    await page.locator('button[type="submit"]').click();
    await held;
    await page.waitForSelector('[data-stage="idea"][data-state="running"] .stage-output h2');
    const whileRunning = await page.$eval('[data-stage="idea"]', (node) => ({
      state: node.getAttribute('data-state'),
      heading: node.querySelector('.stage-output h2')?.textContent,
    }));
    expect(whileRunning).toEqual({ state: 'running', heading: 'Hive ideas' });
    expect(await seriousFirefoxViolations()).toEqual([]);
    models.release();
    await page.waitForFunction(() => (document.body.textContent ?? '').includes('Run finished.'));
    const done = await page.$eval('[data-stage="idea"]', (node) => ({
      state: node.getAttribute('data-state'),
      dangerous: node.querySelectorAll('script, img, [onerror]').length,
      items: Array.from(node.querySelectorAll('.stage-output li')).map((item) => item.textContent),
    }));
    expect(done).toEqual({ state: 'done', dangerous: 0, items: ['Scale for hives', 'Swarm alerts'] });
    expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(await seriousFirefoxViolations()).toEqual([]);
  });
});
