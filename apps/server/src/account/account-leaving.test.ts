import { isTombstoneId } from '@svc/gate';
import { createManualClock } from '@svc/gate/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../activity/file-storage.js';
import { createLocalFileStorage } from '../activity/local-file-storage.js';
import { createS3FileStorage } from '../activity/s3-file-storage.js';
import {
  ADMIN,
  createKey,
  deleteAccount,
  errorCodeOf,
  logIn,
  PASSWORD,
  type SignedInUser,
  signUp,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { readJsonLines, readZipEntries } from '../testing/account-export-reader.js';
import { findRowsOf, type SeededAreaRows, seedAreaRows } from '../testing/account-leaving-fixtures.js';
import {
  type ActivityTestServer,
  exportBook,
  openSharedState,
  type SharedState,
  saveBook,
  savePage,
  startActivityServer,
  waitForFile,
} from '../testing/activity-test-helpers.js';
import { type LocalS3, startLocalS3 } from '../testing/local-s3.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { grantTokens } from '../testing/token-test-fixtures.js';

const cases = testDatabaseTargets().flatMap((target) =>
  (['local', 's3'] as const).map((storage) => ({
    name: `${target.name}, ${storage} files`,
    target,
    storage,
  })),
);

// One person with something in every area exports all of it as one ZIP, then deletes the
// account: nothing of theirs stays but the anonymised ledger, their files are gone from the real
// storage (a directory, or a real S3 server on loopback), their key and session are refused.
describe.each(cases)('leaving on $name', ({ target, storage }) => {
  let s3: LocalS3 | undefined;
  let files: FileStorage & { close?: () => void };
  let state: SharedState;
  let server: ActivityTestServer;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let aliceKey: string;
  let bookId: string;
  let seeded: SeededAreaRows;
  let adminCookie: string;

  beforeAll(async () => {
    state = await openSharedState(target);
    let env: Record<string, string> = {};
    if (storage === 's3') {
      s3 = await startLocalS3(['svc-leaving']);
      env = s3.env('svc-leaving');
      files = createS3FileStorage(s3.config('svc-leaving'), { maxAttempts: 1 });
    } else {
      files = createLocalFileStorage({ root: `${state.dataDir}/files` });
    }
    server = await startActivityServer(state, {}, createManualClock(Date.now()), env);
    const { app } = server;
    alice = await signUpWithRoles(app, 'alice@example.com', ['member', 'developer']);
    bob = await signUp(app, 'bob@example.com');
    aliceKey = (await createKey(app, alice, 'laptop')).key;
    adminCookie = await logIn(app, ADMIN.email, ADMIN.password);
    await grantTokens(app, adminCookie, alice.id, 40);
    const spend = await app.inject({
      method: 'POST',
      url: '/tokens/spend',
      headers: { cookie: alice.cookie },
      payload: { amount: 5, reason: 'a test spend', idempotencyKey: 'spend-1' },
    });
    expect(spend.statusCode).toBe(200);
    bookId = await saveBook(app, alice, [await savePage(app, alice, 'sudoku', 1)], 'Alice puzzles');
    expect((await exportBook(app, alice, bookId)).statusCode).toBe(202);
    expect((await waitForFile(app, alice, bookId)).statusCode).toBe(200);
    seeded = await seedAreaRows(app, alice);
    await savePage(app, bob, 'maze', 2);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    files?.close?.();
    await state?.destroy();
    await s3?.close();
  });

  it('refuses anonymous callers and describes both routes in /openapi.json', async () => {
    const { app } = server;
    const anonymous = await app.inject({ method: 'GET', url: '/account/export' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorCodeOf(anonymous)).toBe('GATE_UNAUTHENTICATED');
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths['/account/export'])).toEqual(['get']);
    expect(spec.paths['/account/export'].get.responses['200'].content).toHaveProperty('application/zip');
    expect(spec.paths['/account/delete'].post.responses).toHaveProperty('409');
  });

  it('exports everything alice owns as one ZIP that unzips and reads', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/account/export',
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="svc-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const entries = await readZipEntries(response.rawPayload);

    expect(entries.get('README.md')?.toString()).toContain('alice@example.com');
    const account = JSON.parse(entries.get('account.json')?.toString() ?? '{}');
    expect(account.user.email).toBe('alice@example.com');
    expect(account.apiKeys.map((key: { name: string }) => key.name)).toEqual(['laptop']);
    expect(JSON.stringify(account)).not.toContain(aliceKey);
    expect(account.wallet.balance).toBe(35);

    const ids = (collection: string) =>
      readJsonLines(entries.get(`documents/${collection}.jsonl`)).map((row) => row.id);
    expect(ids('activity_books')).toEqual([bookId]);
    expect(ids('activity_pages')).toHaveLength(1);
    expect(ids('dreamer_runs')).toEqual([seeded.runId]);
    expect(ids('automations')).toEqual([seeded.automationId]);
    expect(ids('function_calls')).toEqual([seeded.functionId]);
    const run = readJsonLines(entries.get('documents/dreamer_runs.jsonl'))[0]?.body as { steps: unknown[] };
    expect(run.steps).toHaveLength(1);

    const ledger = readJsonLines(entries.get('wallet/ledger.jsonl'));
    expect(ledger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['grant', 40],
      ['spend', -5],
    ]);

    const pdfs = [...entries.keys()].filter((path) => path.startsWith(`activity/books/${bookId}/`));
    expect(pdfs).toHaveLength(1);
    expect(
      entries
        .get(pdfs[0] ?? '')
        ?.subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(JSON.parse(entries.get('automations/triggers.json')?.toString() ?? '[]')).toHaveLength(1);
    const integrations = entries.get('integrations/integrations.json')?.toString() ?? '';
    expect(JSON.parse(integrations)[0].url).toBe('https://crm.example.com/hook');
    expect(integrations).not.toContain('whsec_');
    const audit = readJsonLines(entries.get('admin/audit.jsonl'));
    expect(audit.map((entry) => [entry.action, entry.about])).toEqual([
      ['user.roles.set', 'you'],
      ['tokens.granted', 'you'],
    ]);
    // Nothing of bob's, in any entry.
    for (const bytes of entries.values()) expect(bytes.includes(Buffer.from(bob.id))).toBe(false);
  });

  it('refuses a deletion with a wrong password, with an API key, and of the last admin', async () => {
    const { app } = server;
    const wrong = await deleteAccount(app, alice, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(errorCodeOf(wrong)).toBe('GATE_INVALID_CREDENTIALS');
    const byKey = await app.inject({
      method: 'POST',
      url: '/account/delete',
      headers: { authorization: `Bearer ${aliceKey}` },
      payload: { password: PASSWORD },
    });
    expect(byKey.statusCode).toBe(403);
    expect(errorCodeOf(byKey)).toBe('GATE_FORBIDDEN');
    const lastAdmin = await app.inject({
      method: 'POST',
      url: '/account/delete',
      headers: { cookie: adminCookie },
      payload: { password: ADMIN.password },
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(errorCodeOf(lastAdmin)).toBe('GATE_LAST_ADMIN');
    expect(await findRowsOf(app, alice.id)).toContain('users.id');
  });

  it('refuses to delete an account whose paid membership still renews, until it is set to end', async () => {
    const { app } = server;
    const db = app.database.db;
    const membership = {
      user_id: bob.id,
      plan: 'PRO',
      status: 'active',
      customer_id: 'cus_test',
      subscription_id: 'sub_test',
      current_period_end: Date.now() + 86_400_000,
      cancel_at_period_end: 0,
      source: 'stripe',
      updated_at: Date.now(),
    };
    await db.insertInto('memberships').values(membership).execute();
    const renewing = await deleteAccount(app, bob, 'not the password at all');
    // The password is checked first: nothing about the membership is told to a guesser.
    expect(errorCodeOf(renewing)).toBe('GATE_INVALID_CREDENTIALS');
    const refused = await deleteAccount(app, bob);
    expect(refused.statusCode).toBe(409);
    expect(errorCodeOf(refused)).toBe('GATE_SUBSCRIPTION_ACTIVE');
    await db.deleteFrom('memberships').where('user_id', '=', bob.id).execute();
    expect(await findRowsOf(app, bob.id)).toContain('users.id');
  });

  it('deletes alice: her key and session are refused at once, her files are gone, only the anonymised ledger stays', async () => {
    const { app } = server;
    // Both credentials are in the identity cache before the deletion.
    expect(
      (await app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: alice.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${aliceKey}` } }))
        .statusCode,
    ).toBe(200);
    expect(await files.list(`activity-books/${bookId}`)).toHaveLength(1);

    const deleted = await deleteAccount(app, alice);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().kept.wallet_ledger).toBe(2);
    expect(String(deleted.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    const me = await app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: alice.cookie } });
    expect(me.statusCode).toBe(401);
    const byKey = await app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(byKey.statusCode).toBe(401);
    expect(await files.list(`activity-books/${bookId}`)).toEqual([]);
    expect(await findRowsOf(app, alice.id)).toEqual([]);

    const db = app.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ledger = await db.selectFrom('wallet_ledger').select(['user_id', 'amount']).orderBy('id').execute();
    const kept = ledger.filter((row) => isTombstoneId(String(row.user_id)));
    expect(kept.map((row) => Number(row.amount))).toEqual([40, -5]);
    expect(new Set(kept.map((row) => row.user_id)).size).toBe(1);
    const audit = await db.selectFrom('admin_audit').select(['target_user_id', 'target_email']).execute();
    expect(audit).toHaveLength(2);
    for (const entry of audit)
      expect(entry).toEqual({ target_user_id: kept[0]?.user_id, target_email: '(deleted account)' });
    // Bob's page is untouched, and the address can sign up afresh.
    const bobs = await db.selectFrom('documents').select('id').where('owner', '=', bob.id).execute();
    expect(bobs).toHaveLength(1);
    await signUp(app, 'alice@example.com');
  });
});
