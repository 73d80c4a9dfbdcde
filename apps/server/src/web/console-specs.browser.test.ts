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

// Line 2 lacks info.version; line 6 names a path parameter no operation declares.
const INVALID = `openapi: 3.0.3
info: { title: Pets }
paths:
  /pets:
    get: { responses: { '200': { description: OK } } }
  /pets/{id}:
    get: { responses: { '200': { description: OK } } }
`;

const OLD = `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get: { operationId: getPet, responses: { '200': { description: OK } } }
    delete: { operationId: deletePet, responses: { '204': { description: Gone } } }
`;

const NEW = `openapi: 3.0.3
info: { title: Pets, version: '2' }
paths:
  /pets:
    post: { operationId: addPet, responses: { '201': { description: Made } } }
  /pets/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get: { operationId: getPet, responses: { '200': { description: OK } } }
`;

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

async function compare(page: Page): Promise<string[]> {
  await page.locator('#spec-old').fill(OLD);
  await dropFile(page, '#spec-new', 'pets-v2.yaml', NEW);
  await expect.poll(() => page.locator('#spec-new').inputValue()).toBe(NEW);
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.locator('.changes li').first().waitFor();
  return page.locator('.changes li').allTextContents();
}

describe('specs, checked in the browser for people without run_adapter', () => {
  it('lists the errors of a dropped spec by line and jumps to one in the editor', async () => {
    const { page } = visitor;
    const adapterCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/adapters/')) adapterCalls.push(request.url());
    });
    await dropFile(page, '#spec-text', 'pets.yaml', INVALID);
    await expect.poll(() => page.locator('#spec-text').inputValue()).toBe(INVALID);
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

  it('diffs two versions with the breaking change first', async () => {
    const { page } = visitor;
    const changes = await compare(page);
    expect(changes[0]).toBe('breaking Operation DELETE /pets/{id} was removed.');
    expect(changes.slice(1).some((text) => text.includes('POST /pets'))).toBe(true);
    await page.getByText('1 breaking change', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'specs', '#diff-heading');
  });
});

describe('specs, checked by the server for callers with run_adapter', () => {
  it('calls the spec adapter and shows the same breaking change', async () => {
    const { page, context } = await openConsole(harness, '/');
    await signIn(page, ADMIN.email, ADMIN.password);
    await goTo(page, 'Specs');
    expect(await page.getByText('Checked by the server (spec adapter).').count()).toBe(1);
    const call = page.waitForResponse((response) => response.url().endsWith('/api/adapters/spec/diff'));
    const changes = await compare(page);
    expect((await call).status()).toBe(200);
    expect(changes[0]).toBe('breaking Operation DELETE /pets/{id} was removed.');

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
    await page.getByRole('button', { name: 'Sign in' }).click();
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
