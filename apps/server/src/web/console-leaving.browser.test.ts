/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonLines, readZipEntries } from '../testing/account-export-reader.js';
import {
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  seriousViolations,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';

const PASSWORD = 'a long enough console password 42';
const EMAIL = 'leaving.lee@example.com';

let harness: ConsoleHarness;
let person: ConsolePage;

beforeAll(async () => {
  harness = await startConsoleHarness();
  person = await openConsole(harness, '/');
});

afterAll(async () => {
  await harness?.close();
});

describe('Account → Leave in Chromium', () => {
  it('downloads my data as one ZIP holding my account and my documents', async () => {
    const { page } = person;
    await signUpAndSignIn(page, EMAIL, PASSWORD);
    // A document of theirs, written through the API with the browser's own session.
    const created = await page.request.post(`${harness.baseUrl}/db/notes`, {
      data: { title: 'my grocery list' },
    });
    expect(created.status()).toBe(201);
    await goTo(page, 'Account');
    await page.getByRole('heading', { name: 'Leave' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^svc-export-\d{4}-\d\d-\d\d\.zip$/);
    const path = await download.path();
    const entries = await readZipEntries(await readFile(path));
    expect(JSON.parse(entries.get('account.json')?.toString() ?? '{}').user.email).toBe(EMAIL);
    const notes = readJsonLines(entries.get('documents/notes.jsonl'));
    expect(notes.map((note) => (note.body as { title: string }).title)).toEqual(['my grocery list']);
  });

  it('deletes my account after the typed email and password, then signs me out with a goodbye', async () => {
    const { page } = person;
    const button = page.getByRole('button', { name: 'Delete my account' });
    await page.getByLabel('Password', { exact: true }).fill('not my password at all');
    // Without the typed email the button stays disabled.
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel(/Type your email/).fill(EMAIL);
    await button.click();
    await page.getByRole('alert').getByText('GATE_INVALID_CREDENTIALS').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await button.click();
    await page.getByRole('heading', { name: 'Goodbye' }).waitFor();
    expect(
      await page.getByText(`The account ${EMAIL} and everything it owned were deleted`).isVisible(),
    ).toBe(true);
    await page.locator('#sign-in-password').waitFor();
    const session = await page.request.get(`${harness.baseUrl}/auth/session`);
    expect((await session.json()).user).toBeNull();
    const signIn = await page.request.post(`${harness.baseUrl}/auth/login`, {
      data: { email: EMAIL, password: PASSWORD },
    });
    expect(signIn.status()).toBe(401);
  });
});
