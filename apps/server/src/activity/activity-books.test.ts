import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, errorCodeOf, logIn, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  as,
  exportBook,
  openSharedState,
  type SharedState,
  saveBook,
  savePage,
  startActivityServer,
  waitForFile,
} from '../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir: string, prefix = ''): string[] {
  try {
    return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? listFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
    );
  } catch {
    return [];
  }
}

describe.each(testDatabaseTargets())('activity books and PDF exports on $name', (target) => {
  let state: SharedState;
  let server: ActivityTestServer;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  let alicePages: string[];
  const fileOf = (bookId: string, user?: SignedInUser) =>
    server.app.inject({ method: 'GET', url: `/api/activity/books/${bookId}/file`, headers: as(user) });

  beforeAll(async () => {
    state = await openSharedState(target);
    server = await startActivityServer(state);
    alice = await signUp(server.app, 'alice@example.com');
    bob = await signUp(server.app, 'bob@example.com');
    admin = { id: '', email: ADMIN.email, cookie: await logIn(server.app, ADMIN.email, ADMIN.password) };
    alicePages = [
      await savePage(server.app, alice, 'sudoku', 1),
      await savePage(server.app, alice, 'maze', 2),
    ];
  });
  afterAll(async () => {
    await server?.close();
    await state?.destroy();
  });

  it("saves a book of the caller's own pages; 401 anonymous, 404 for another user's page", async () => {
    const payload = {
      title: 'Rainy Day Puzzles',
      trim: '6x9',
      pageIds: alicePages,
      options: { includeKeys: true },
    };
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/activity/books', payload });
    expect(anonymous.statusCode).toBe(401);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/activity/books',
      headers: as(alice),
      payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().book).toMatchObject({
      owner: alice.id,
      visibility: 'private',
      title: 'Rainy Day Puzzles',
      pageIds: alicePages,
    });

    const stolen = await server.app.inject({
      method: 'POST',
      url: '/api/activity/books',
      headers: as(bob),
      payload,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toMatchObject({ code: 'GATE_NOT_FOUND', details: { pageId: alicePages[0] } });
    // Even a page its owner made public is not someone else's to bind into a book.
    await server.app.inject({
      method: 'PATCH',
      url: `/db/activity_pages/${alicePages[0]}`,
      headers: as(alice),
      payload: { visibility: 'public' },
    });
    const publicPage = await server.app.inject({
      method: 'POST',
      url: '/api/activity/books',
      headers: as(bob),
      payload: { ...payload, pageIds: [alicePages[0]] },
    });
    expect(publicPage.statusCode).toBe(404);
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/activity/books',
      headers: as(alice),
      payload: { ...payload, pageIds: ['no-such-page'] },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/activity/books',
      headers: as(alice),
      payload: { ...payload, trim: 'A0', pageIds: [] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports a book: 202 queued, the same job while active, then 200 with the PDF', async () => {
    const bookId = await saveBook(server.app, alice, alicePages, 'Rätsel: Band 1/2');
    expect((await fileOf(bookId, alice)).json().error.code).toBe('ACT_NOT_EXPORTED');

    const first = await exportBook(server.app, alice, bookId);
    expect(first.statusCode).toBe(202);
    const job = first.json().job;
    expect(job).toMatchObject({
      bookId,
      status: expect.stringMatching(/^(queued|running)$/),
      watermarked: true,
      error: null,
    });
    const again = await exportBook(server.app, alice, bookId);
    if (again.json().job.status !== 'done') expect(again.json().job.id).toBe(job.id);

    const file = await waitForFile(server.app, alice, bookId);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Ratsel-Band-1-2.pdf"; filename*=UTF-8''R%C3%A4tsel%20Band%201-2.pdf`,
    );
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    expect(listFiles(join(state.dataDir, 'files'))).toEqual([
      join('activity-books', bookId, `${job.id}.pdf`),
    ]);
  });

  it("answers 404 for another user's book, for export and for the file", async () => {
    const bookId = await saveBook(server.app, alice, alicePages);
    const exported = await exportBook(server.app, bob, bookId);
    expect(exported.statusCode).toBe(404);
    expect(errorCodeOf(exported)).toBe('GATE_NOT_FOUND');
    expect((await exportBook(server.app, alice, bookId)).statusCode).toBe(202);
    expect((await waitForFile(server.app, alice, bookId)).statusCode).toBe(200);
    const file = await fileOf(bookId, bob);
    expect(file.statusCode).toBe(404);
    expect(errorCodeOf(file)).toBe('GATE_NOT_FOUND');
    expect((await fileOf(bookId)).statusCode).toBe(401);
    expect((await fileOf('not-a-book', alice)).statusCode).toBe(404);
  });

  it('exports without a watermark for admins, and a new export replaces the old file', async () => {
    const bookId = await saveBook(server.app, alice, alicePages, 'Admin copy');
    const byAdmin = await exportBook(server.app, admin, bookId);
    expect(byAdmin.statusCode).toBe(202);
    expect(byAdmin.json().job.watermarked).toBe(false);
    const firstFile = await waitForFile(server.app, alice, bookId);
    expect(firstFile.statusCode).toBe(200);

    const second = await exportBook(server.app, alice, bookId);
    expect(second.statusCode).toBe(202);
    expect(second.json().job.id).not.toBe(byAdmin.json().job.id);
    expect(second.json().job.watermarked).toBe(true);
    expect((await waitForFile(server.app, alice, bookId)).statusCode).toBe(200);
    // The superseded PDF is deleted just after the new job is recorded done (the worker's onDone).
    await vi.waitFor(
      () =>
        expect(listFiles(join(state.dataDir, 'files', 'activity-books', bookId))).toEqual([
          `${second.json().job.id}.pdf`,
        ]),
      { timeout: 10_000, interval: 20 },
    );
  });

  it('fails an export whose page was deleted: 409 ACT_EXPORT_FAILED with the reason', async () => {
    const doomed = await savePage(server.app, alice, 'wordsearch', 9);
    const bookId = await saveBook(server.app, alice, [alicePages[0] as string, doomed]);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/db/activity_pages/${doomed}`,
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(204);
    expect((await exportBook(server.app, alice, bookId)).statusCode).toBe(202);
    const file = await waitForFile(server.app, alice, bookId);
    expect(file.statusCode).toBe(409);
    expect(file.json().error).toMatchObject({
      code: 'ACT_EXPORT_FAILED',
      message: `The export failed: Page 2 (${doomed}) no longer exists.`,
      details: { job: { status: 'error', attempts: 1, error: `Page 2 (${doomed}) no longer exists.` } },
    });
  });

  it('fails, without retrying, an export of a book patched out of shape through /db', async () => {
    const bookId = await saveBook(server.app, alice, alicePages);
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/db/activity_books/${bookId}`,
      headers: as(alice),
      payload: { pageIds: 'all of them' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await exportBook(server.app, alice, bookId)).statusCode).toBe(202);
    const file = await waitForFile(server.app, alice, bookId);
    expect(file.statusCode).toBe(409);
    expect(file.json().error.details.job).toMatchObject({
      attempts: 1,
      error: 'The book has no valid list of page ids.',
    });
  });
});
