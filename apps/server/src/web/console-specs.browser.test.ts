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
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';
import {
  type PageWatch,
  pauseWatchScript,
  pickLargeSpecScript,
  readWatchScript,
  resumeWatchScript,
  watchPageScript,
} from '../testing/large-spec-fixture.js';
import { NEW_SHOP, OLD_SHOP } from '../testing/spec-diff-fixture.js';

// Line 2 lacks info.version; line 6 names a path parameter no operation declares.
const INVALID = `openapi: 3.0.3
info: { title: Pets }
paths:
  /pets:
    get: { responses: { '200': { description: OK } } }
  /pets/{id}:
    get: { responses: { '200': { description: OK } } }
`;

// A 13 MB document is validated for a minute at most, even on a loaded machine.
const LONG_CHECK = { timeout: 120_000 };

let harness: ConsoleHarness;
let visitor: ConsolePage;

beforeAll(async () => {
  harness = await startConsoleHarness();
  visitor = await openConsole(harness, '/specs');
});

afterAll(async () => {
  await harness?.close();
});

async function dropFile(page: Page, selector: string, name: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content ?? ''], fileName ?? 'spec.yaml', { type: 'text/yaml' }));
      return data;
    },
    [name, text],
  );
  await page.locator(selector).dispatchEvent('drop', { dataTransfer: transfer });
}

/** Drops both shop versions as files and compares them; answers the groups' headings. */
async function compareShop(page: Page): Promise<string[]> {
  await dropFile(page, '#spec-old', 'shop-v1.yaml', OLD_SHOP);
  await dropFile(page, '#spec-new', 'shop-v2.yaml', NEW_SHOP);
  await page.getByTestId('spec-new-file').waitFor();
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.locator('.change-group').first().waitFor();
  return page.locator('.change-operation code').allTextContents();
}

/** Folds every file preview, so a screenshot shows the results rather than the files' first lines. */
async function hidePreviews(page: Page): Promise<void> {
  const hide = page.getByRole('button', { name: 'Hide preview' });
  // Each click turns one button into "Show preview", so the first one left is the next to fold.
  while ((await hide.count()) > 0) await hide.first().click();
}

describe('validating a spec, in a worker, for people without run_adapter', () => {
  it('lists the errors of a typed spec by line and jumps to one in the editor', async () => {
    const { page } = visitor;
    const adapterCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/adapters/')) adapterCalls.push(request.url());
    });
    await page.locator('#spec-text').fill(INVALID);
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByText('Not valid (version 3.0)', { exact: false }).waitFor();
    expect(await page.getByText('Checked in your browser.').count()).toBe(1);
    const errors = await page.locator('.diagnostics li').allTextContents();
    expect(
      errors.some((text) => text.startsWith('Line 2') && text.includes('SPEC_INFO_VERSION_MISSING')),
    ).toBe(true);
    expect(errors.some((text) => text.includes('SPEC_PATH_PARAM_UNDECLARED'))).toBe(true);

    const jump = page
      .locator('.diagnostics li', { hasText: 'SPEC_PATH_PARAM_UNDECLARED' })
      .getByRole('button');
    const label = (await jump.textContent()) ?? '';
    const line = Number(/^Line (\d+)/.exec(label)?.[1]);
    await jump.click();
    const selection = await page.evaluate(() => {
      const editor = document.activeElement as HTMLTextAreaElement;
      return { id: editor.id, selected: editor.value.slice(editor.selectionStart, editor.selectionEnd) };
    });
    expect(selection).toEqual({ id: 'spec-text', selected: INVALID.split('\n')[line - 1] });
    expect(adapterCalls).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps a dropped file out of the editor, shows its name, size and first lines, and can edit a small one', async () => {
    const { page } = visitor;
    await page.locator('#spec-text').fill('typed before the file');
    await dropFile(page, '#spec-text', 'pets.yaml', INVALID);
    await page.getByTestId('spec-text-file').waitFor();
    expect(await page.getByTestId('spec-text-file').textContent()).toBe('pets.yaml');
    expect(await page.locator('#spec-text').count()).toBe(0);
    expect(await page.locator('#spec-text-preview').textContent()).toBe(INVALID);
    expect(await page.getByText(`(${INVALID.length} B)`).count()).toBe(1);

    // The file is what gets checked: its lines come with their text, there being no editor line to select.
    await page.getByRole('button', { name: 'Validate' }).click();
    const error = page.locator('.diagnostics li', { hasText: 'SPEC_INFO_VERSION_MISSING' });
    await error.waitFor();
    expect(await error.locator('pre').textContent()).toBe('info: { title: Pets }');
    expect(await error.getByRole('button').count()).toBe(0);

    // Removing the file brings back what was typed; "Edit as text" moves a small file into the editor.
    await page.getByRole('button', { name: 'Remove file' }).click();
    expect(await page.locator('#spec-text').inputValue()).toBe('typed before the file');
    await dropFile(page, '#spec-text', 'pets.yaml', INVALID);
    await page.getByRole('button', { name: 'Edit as text' }).click();
    await expect.poll(() => page.locator('#spec-text').inputValue()).toBe(INVALID);
  });

  it('validates a 13 MB file off the page: a click is handled while "validating…" is shown', async () => {
    const { page } = visitor;
    const length = await page.evaluate(pickLargeSpecScript('#spec-text-picker', 'large-api.yaml'));
    expect(length).toBeGreaterThan(13_000_000);
    await page.getByText('large-api.yaml').waitFor();
    expect(await page.getByText('(13.', { exact: false }).count()).toBe(1);
    await page.evaluate(watchPageScript('Hide preview'));

    const started = Date.now();
    await page.getByRole('button', { name: 'Validate' }).click();
    const status = page.locator('.check-status');
    await status.waitFor();
    expect(await status.textContent()).toMatch(/^Validating large-api\.yaml \(13\.\d MB\)…/);
    await page.getByRole('button', { name: 'Hide preview' }).click();
    const state = await page.evaluate(() => ({
      expanded: document.querySelector('[aria-controls="spec-text-preview"]')?.getAttribute('aria-expanded'),
      previewHidden: (document.querySelector('#spec-text-preview') as HTMLElement | null)?.hidden,
    }));
    expect(state).toEqual({ expanded: 'false', previewHidden: true });
    const { clicks, longestStallMs } = (await page.evaluate(readWatchScript)) as PageWatch;
    expect(clicks.map((click) => click.whileChecking)).toEqual([true]);
    await page.evaluate(pauseWatchScript);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'specs-validating', '#validate-heading');
    await page.evaluate(resumeWatchScript);

    const verdict = page.getByText('Not valid (version 3.0)', { exact: false });
    await verdict.waitFor(LONG_CHECK);
    const stall = ((await page.evaluate(readWatchScript)) as PageWatch).longestStallMs;
    console.info(
      `Chromium: validated ${length} characters in ${Date.now() - started} ms; the click waited ${clicks[0]?.waitedMs.toFixed(1)} ms; longest stall of the page's thread while validating: ${Math.max(stall, longestStallMs).toFixed(0)} ms`,
    );
    expect(await verdict.textContent()).toContain('1 error, 0 warnings, 4751 paths, 9501 operations.');
    const error = page.locator('.diagnostics li', { hasText: 'SPEC_PATH_PARAM_UNDECLARED' });
    // The operation of the last path, some 150,000 lines down, shown with its line's text.
    expect(await error.locator('pre').textContent()).toBe('    "get":');
    expect(Number(/^Line (\d+)/.exec((await error.textContent()) ?? '')?.[1])).toBeGreaterThan(100_000);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'specs-results', '#validate-heading');
  });

  it('cancels a running validation at once', async () => {
    const { page } = visitor;
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.locator('.check-status').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Validation cancelled.').waitFor();
    expect(await page.locator('.check-status').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Validate' }).isEnabled()).toBe(true);
  });
});

describe('comparing two versions', () => {
  it('shows each change under its METHOD /path, groups with a breaking change first', async () => {
    const { page } = visitor;
    const operations = await compareShop(page);
    expect(operations).toEqual(['GET /orders', 'DELETE /orders/{id}', 'GET /orders/{id}', 'POST /orders']);
    // The same sentence in two operations is told apart by its group.
    for (const operation of ['GET /orders', 'GET /orders/{id}']) {
      const group = page.getByRole('region', { name: operation, exact: true });
      const items = await group.locator('li').allTextContents();
      expect(items[0]).toBe('breaking Response property "placedAt" was removed.');
      expect(items.slice(1).every((text) => text.startsWith('info'))).toBe(true);
    }
    expect(
      await page.getByRole('region', { name: 'GET /orders', exact: true }).locator('h3').textContent(),
    ).toBe('GET /orders 1 breaking, 2 infos');
    await page.getByText('3 breaking changes', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await hidePreviews(page);
    await saveScreenshot(page, 'specs-diff', '#diff-heading');
  });
});

describe('a diff of many operations', () => {
  it('shows the first 50 operations, then all of them on demand', async () => {
    const { page } = visitor;
    const paths = Array.from(
      { length: 60 },
      (_, index) => `  /things${index}:\n    get: { responses: { '200': { description: OK } } }`,
    );
    const spec = (version: string, body: string[]) =>
      `openapi: 3.0.3\ninfo: { title: Things, version: '${version}' }\npaths:\n${body.join('\n')}\n`;
    // Files already loaded are replaced by picking others.
    const pick = (selector: string, name: string, text: string) =>
      page.locator(selector).setInputFiles({ name, mimeType: 'text/yaml', buffer: Buffer.from(text) });
    await pick('#spec-old-picker', 'things-v1.yaml', spec('1', paths));
    await pick('#spec-new-picker', 'things-v2.yaml', spec('2', paths.slice(0, 1)));
    await page.getByTestId('spec-new-file').filter({ hasText: 'things-v2.yaml' }).waitFor();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByText('59 breaking changes', { exact: false }).waitFor();
    expect(await page.locator('.change-group').count()).toBe(50);
    await page.getByRole('button', { name: 'Show all 59 operations' }).click();
    expect(await page.locator('.change-group').count()).toBe(59);
  });
});

describe('screenshots at 390 px', () => {
  it('keeps the validating, results and diff states inside a phone-wide screen', async () => {
    const phone = await openConsole(harness, '/specs', { viewport: { width: 390, height: 844 } });
    const { page } = phone;
    await page.evaluate(pickLargeSpecScript('#spec-text-picker', 'large-api.yaml'));
    await page.getByText('large-api.yaml').waitFor();
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.locator('.check-status').waitFor();
    await saveScreenshot(page, 'specs-validating-390', '#validate-heading');
    await page.getByText('Not valid (version 3.0)', { exact: false }).waitFor(LONG_CHECK);
    await saveScreenshot(page, 'specs-results-390', '.validate-summary');
    await compareShop(page);
    await hidePreviews(page);
    await saveScreenshot(page, 'specs-diff-390', '.diff-summary');
    // Nothing wider than the screen: no sideways scrolling at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await phone.context.close();
  });
});

describe('checked by the server for callers with run_adapter', () => {
  it('calls the spec adapter and shows the same breaking changes', async () => {
    const { page, context } = await openConsole(harness, '/');
    await signIn(page, ADMIN.email, ADMIN.password);
    await goTo(page, 'Specs');
    expect(await page.getByText('Checked by the server (spec adapter).').count()).toBe(1);
    const call = page.waitForResponse((response) => response.url().endsWith('/api/adapters/spec/diff'));
    const operations = await compareShop(page);
    expect((await call).status()).toBe(200);
    expect(operations[0]).toBe('GET /orders');

    // The editor's text goes to the adapter; the answer says where it was checked.
    const validated = page.waitForResponse((response) =>
      response.url().endsWith('/api/adapters/spec/validate'),
    );
    await page.locator('#spec-text').fill(INVALID);
    await page.getByRole('button', { name: 'Validate' }).click();
    expect((await validated).status()).toBe(200);
    await page.getByText('Checked the editor’s text on the server.').waitFor();

    // A spec over the adapter's 4 MB body limit is checked in the browser, and the page says why.
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/adapters/spec/validate')) calls.push(request.url());
    });
    await page.evaluate(pickLargeSpecScript('#spec-text-picker', 'large-api.yaml'));
    await page.getByText('large-api.yaml').waitFor();
    // Said before the check, too.
    await page.getByText('Over the server’s 4 MB limit: checked in your browser.').waitFor();
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByText('Not valid (version 3.0)', { exact: false }).waitFor(LONG_CHECK);
    expect(await page.locator('.check-subject').textContent()).toBe(
      "Checked large-api.yaml in your browser. The request would be 14.6 MB (the text as JSON), over the server's 4 MB limit for adapter calls, so the same toolkit checked it here.",
    );
    expect(calls).toEqual([]);

    // Signing out ends the session on the server too, and the console says so.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const session = await page.request.get(`${harness.baseUrl}/auth/session`);
    expect(await session.json()).toEqual({ user: null });
    expect(await page.getByText('Checked in your browser.').count()).toBe(0);
    await context.close();
  });

  it('shows a wrong password as the API words it', async () => {
    const { page, context } = await openConsole(harness, '/');
    await page.locator('#sign-in-email').fill(ADMIN.email);
    await page.locator('#sign-in-password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Email or password is incorrect. GATE_INVALID_CREDENTIALS',
    );
    await context.close();
  });

  it('broke no CSP rule and asked no other origin for anything', () => {
    expect(visitor.violations).toEqual([]);
    expect(visitor.foreignRequests).toEqual([]);
  });
});
