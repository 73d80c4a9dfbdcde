/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser: they see DOM globals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../mail/smtp-mailer.js';
import {
  ADMIN,
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  seriousViolations,
  signIn,
  signUpAndSignIn,
  startConsoleHarness,
} from '../testing/console-browser.fixture.js';
import { readLinkOf, startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-test-server.js';

const PASSWORD = 'a long enough console password 42';
const NEW_PASSWORD = 'copper heron glacier ninety three';
const EMAIL = 'forgetful@example.com';

let smtp: TestSmtpServer;
let mailer: ReturnType<typeof createSmtpMailer>;
let harness: ConsoleHarness;
let laptop: ConsolePage;
let phone: ConsolePage;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createSmtpMailer({ url: smtp.url, from: 'svc <no-reply@example.com>' });
  harness = await startConsoleHarness({}, { mailer });
  laptop = await openConsole(harness, '/');
  phone = await openConsole(harness, '/');
});

afterAll(async () => {
  await harness?.close();
  mailer?.close();
  await smtp?.close();
});

describe('forgotten password in the console', () => {
  it('asks for the address, says "check your mail" the same way for an unknown one', async () => {
    const { page } = laptop;
    await signUpAndSignIn(page, EMAIL, PASSWORD);
    await signIn(phone.page, EMAIL, PASSWORD);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    const unknownWords = await page.getByRole('status').first().textContent();
    expect(unknownWords).toMatch(/^Check your mail\./);

    await page.goto(`${harness.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    expect(await page.getByRole('status').first().textContent()).toBe(unknownWords);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens the link from the mail, sets a new password, signs out everywhere, and signs in with it', async () => {
    const { page } = laptop;
    const link = new URL(readLinkOf(await smtp.waitForMail(EMAIL, 'reset-password')));
    expect(smtp.received.filter((mail) => mail.to.includes('nobody@example.com'))).toEqual([]);
    // The link names the configured public URL; the test server listens on another port.
    await page.goto(`${harness.baseUrl}${link.pathname}${link.hash}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token left the address bar as soon as the page read it.
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('GATE_WEAK_PASSWORD').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your password is changed. Every session of this account was signed out').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The phone's session ended with the reset.
    const phoneSession = await phone.page.request.get(`${harness.baseUrl}/auth/session`);
    expect(((await phoneSession.json()) as { user: unknown }).user).toBeNull();

    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await signIn(page, EMAIL, NEW_PASSWORD);

    // The same link again is refused with a way to ask for a new one.
    await page.goto(`${harness.baseUrl}${link.pathname}${link.hash}`);
    await page.getByLabel('New password', { exact: true }).fill('another fine password 77');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('GATE_RESET_TOKEN_USED').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });
});

describe('the Sessions panel of the Account screen', () => {
  it('lists my sessions, ends one, then all the others', async () => {
    const { page } = laptop;
    // The phone was signed out by the reset: it sees the sign-in form once it reloads.
    await phone.page.goto(`${harness.baseUrl}/`);
    await signIn(phone.page, EMAIL, NEW_PASSWORD);
    const tablet = await openConsole(harness, '/');
    await signIn(tablet.page, EMAIL, NEW_PASSWORD);
    await page.goto(`${harness.baseUrl}/`);
    await goTo(page, 'Account');
    const panel = page.getByRole('region', { name: 'Sessions' });
    await panel.getByTestId('current-session').getByText('(this browser)').waitFor();
    await expect.poll(() => panel.getByTestId('other-session').count()).toBe(2);
    expect(await panel.getByTestId('current-session').getByText('from 127.0.0.1').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // On a phone nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1100, height: 800 });

    await panel
      .getByRole('button', { name: /^End the session signed in/ })
      .first()
      .click();
    await panel.getByText('Session ended.').waitFor();
    await expect.poll(() => panel.getByTestId('other-session').count()).toBe(1);

    await panel.getByRole('button', { name: 'End all other sessions' }).click();
    await panel.getByText('1 other session ended.').waitFor();
    await expect.poll(() => panel.getByTestId('other-session').count()).toBe(0);
    for (const other of [phone, tablet]) {
      const answer = await other.page.request.get(`${harness.baseUrl}/auth/session`);
      expect(((await answer.json()) as { user: unknown }).user).toBeNull();
    }
    const mine = await page.request.get(`${harness.baseUrl}/auth/session`);
    expect(((await mine.json()) as { user: { email: string } }).user.email).toBe(EMAIL);
    expect(laptop.violations).toEqual([]);
    expect(laptop.foreignRequests).toEqual([]);
  });
});

describe("the admin ends all of a person's sessions", () => {
  it('shows address and last seen, and End all sessions signs the person out everywhere', async () => {
    const admin = await openConsole(harness, '/');
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await goTo(admin.page, 'Admin');
    await admin.page.getByLabel('Search by email').fill('forgetful');
    await admin.page.getByRole('button', { name: 'Search' }).click();
    await admin.page.getByRole('link', { name: EMAIL }).click();
    await admin.page.getByRole('heading', { name: EMAIL, level: 2 }).waitFor();
    const sessions = admin.page.getByRole('table', { name: 'Signed-in sessions' });
    await sessions.getByText('from 127.0.0.1').waitFor();
    expect(await sessions.getByText(/^last seen /).count()).toBe(1);
    await admin.page.getByRole('button', { name: 'End all sessions' }).click();
    await admin.page.getByText('Every session ended; API keys kept.').waitFor();
    const answer = await laptop.page.request.get(`${harness.baseUrl}/auth/session`);
    expect(((await answer.json()) as { user: unknown }).user).toBeNull();
    expect(await seriousViolations(admin.page)).toEqual([]);
  });
});
