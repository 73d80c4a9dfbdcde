/// <reference lib="dom" />
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV } from '../testing/access-test-fixtures.js';
import {
  type ConsoleHarness,
  type ConsolePage,
  goTo,
  openConsole,
  requireTool,
  seriousViolations,
  signUpAndSignIn,
} from '../testing/console-browser.fixture.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer } from '../testing/test-server.js';

// Passkeys through the console in real Chromium, with the DevTools protocol's virtual
// authenticator (CTAP2, internal, resident keys, user verification). WebAuthn needs a secure
// context and an RP id that is a domain: the page is opened on http://localhost:<port> (an IP
// address is never a valid RP id), so the server's public URL is that origin too.

const EMAIL = 'passkey.person@example.com';
const PASSWORD = 'a long enough console password 42';

/** A free loopback port, so the server's public URL (and so the passkey origin) is known before it listens. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let harness: ConsoleHarness;
let consolePage: ConsolePage;
let authenticatorCredentials: () => Promise<{ isResidentCredential: boolean; signCount: number }[]>;

beforeAll(async () => {
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const server = await createTestServer(sqlite, { ...FIXTURE_ENV, SVC_PUBLIC_URL: baseUrl });
  await server.app.listen({ host: '127.0.0.1', port });
  const browser = await chromium.launch({
    executablePath: requireTool('/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  harness = {
    server,
    baseUrl,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
  consolePage = await openConsole(harness, '/');
  const cdp = await consolePage.context.newCDPSession(consolePage.page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  authenticatorCredentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
});

afterAll(async () => {
  await harness?.close();
});

describe('passkeys in the console', () => {
  it('adds a passkey on the Account screen and renames it', async () => {
    const { page } = consolePage;
    await signUpAndSignIn(page, EMAIL, PASSWORD);
    await goTo(page, 'Account');
    const panel = page.getByRole('region', { name: 'Passkeys' });
    await panel.getByText('No passkeys.').waitFor();
    await panel.getByLabel('Name of a new passkey').fill('Work laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await panel.getByText('Passkey “Work laptop” added.').waitFor();
    await panel.getByRole('cell', { name: 'Work laptop', exact: true }).waitFor();
    const stored = await authenticatorCredentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.isResidentCredential).toBe(true);

    await panel.getByRole('button', { name: 'Rename Work laptop' }).click();
    await panel.getByLabel('New name of Work laptop').fill('Laptop');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText('Passkey renamed to “Laptop”.').waitFor();
    await panel.getByRole('cell', { name: 'Laptop', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('signs out, then signs in with the passkey alone', async () => {
    const { page } = consolePage;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    const session = await (await page.request.get(`${harness.baseUrl}/auth/session`)).json();
    expect(session.user.email).toBe(EMAIL);
    // The authenticator counted the sign-in, and the server stored when it was used.
    expect((await authenticatorCredentials())[0]?.signCount).toBeGreaterThan(0);
    const listed = await (await page.request.get(`${harness.baseUrl}/auth/passkeys`)).json();
    expect(listed.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('signs in with email and password, then the passkey as the second step', async () => {
    const { page } = consolePage;
    const countBefore = (await authenticatorCredentials())[0]?.signCount ?? 0;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.locator('#sign-in-email').fill(EMAIL);
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The account's only second factor is the passkey: no code field, the passkey is the answer.
    const step = page.getByRole('region', { name: 'Two-step sign-in' });
    await step.getByText('Confirm with one of your passkeys.').waitFor();
    expect(await page.getByLabel('Code from your authenticator app').count()).toBe(0);
    const before = await (await page.request.get(`${harness.baseUrl}/auth/session`)).json();
    expect(before.user).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await step.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    const session = await (await page.request.get(`${harness.baseUrl}/auth/session`)).json();
    expect(session.user.email).toBe(EMAIL);
    expect((await authenticatorCredentials())[0]?.signCount).toBeGreaterThan(countBefore);
  });

  it('removes the passkey, after which it signs nobody in', async () => {
    const { page } = consolePage;
    page.once('dialog', (dialog) => void dialog.accept());
    await goTo(page, 'Account');
    const panel = page.getByRole('region', { name: 'Passkeys' });
    await panel.getByRole('button', { name: 'Remove Laptop' }).click();
    await panel.getByText('Passkey “Laptop” removed.').waitFor();
    await panel.getByText('No passkeys.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The browser still holds the credential; the server no longer knows it.
    expect(await authenticatorCredentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('This passkey cannot sign you in.').waitFor();
    expect(await page.getByText('GATE_PASSKEY_SIGN_IN_FAILED').count()).toBe(1);
    const session = await (await page.request.get(`${harness.baseUrl}/auth/session`)).json();
    expect(session.user).toBeNull();
    expect(consolePage.violations).toEqual([]);
    expect(consolePage.foreignRequests).toEqual([]);
  });
});
