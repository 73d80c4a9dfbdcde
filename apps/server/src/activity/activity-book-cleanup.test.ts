import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, logIn, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
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
import type { ActivityDatabase } from './activity-migrations.js';
import { createExportCleanup } from './export-cleanup.js';
import { createLocalFileStorage } from './local-file-storage.js';

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir: string, prefix = ''): string[] {
  try {
    return readdirSync(join(dir, prefix), { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? listFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
      )
      .sort();
  } catch {
    return [];
  }
}

describe.each(testDatabaseTargets())('exports follow their book on $name', (target) => {
  let state: SharedState;
  let server: ActivityTestServer;
  let alice: SignedInUser;
  let admin: SignedInUser;
  let pages: string[];
  const booksDir = () => join(state.dataDir, 'files', 'activity-books');
  const jobsOf = async (bookId: string) =>
    (state.database.db as unknown as Kysely<ActivityDatabase>)
      .selectFrom('activity_jobs')
      .select('id')
      .where('book_id', '=', bookId)
      .execute();

  /** A book of alice's pages, exported; answers its id once the PDF is on disk. */
  async function exportedBook(user: SignedInUser = alice, bookPages = pages): Promise<string> {
    const bookId = await saveBook(server.app, user, bookPages);
    expect((await exportBook(server.app, user, bookId)).statusCode).toBe(202);
    expect((await waitForFile(server.app, user, bookId)).statusCode).toBe(200);
    expect(listFiles(join(booksDir(), bookId))).toHaveLength(1);
    return bookId;
  }

  beforeAll(async () => {
    state = await openSharedState(target);
    server = await startActivityServer(state);
    alice = await signUp(server.app, 'alice@example.com');
    admin = { id: '', email: ADMIN.email, cookie: await logIn(server.app, ADMIN.email, ADMIN.password) };
    pages = [await savePage(server.app, alice, 'sudoku', 1), await savePage(server.app, alice, 'maze', 2)];
  });
  afterAll(async () => {
    await server?.close();
    await state?.destroy();
  });

  it('deleting a book through /db removes its PDFs and jobs', async () => {
    const bookId = await exportedBook();
    // A second export leaves one more job (its first file is superseded and deleted already).
    expect((await exportBook(server.app, alice, bookId)).statusCode).toBe(202);
    expect((await waitForFile(server.app, alice, bookId)).statusCode).toBe(200);
    expect(await jobsOf(bookId)).toHaveLength(2);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/db/activity_books/${bookId}`,
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(204);
    expect(listFiles(join(booksDir(), bookId))).toEqual([]);
    expect(await jobsOf(bookId)).toEqual([]);
  });

  it('deleting a book through the activity route (owner or admin) removes its PDFs and jobs', async () => {
    const own = await exportedBook();
    const byOwner = await server.app.inject({
      method: 'DELETE',
      url: `/api/activity/books/${own}`,
      headers: as(alice),
    });
    expect(byOwner.statusCode).toBe(204);
    expect(listFiles(join(booksDir(), own))).toEqual([]);
    expect(await jobsOf(own)).toEqual([]);
    const gone = await server.app.inject({
      method: 'GET',
      url: `/db/activity_books/${own}`,
      headers: as(alice),
    });
    expect(gone.statusCode).toBe(404);

    const other = await exportedBook();
    const bob = await signUp(server.app, 'bob@example.com');
    const byStranger = await server.app.inject({
      method: 'DELETE',
      url: `/api/activity/books/${other}`,
      headers: as(bob),
    });
    expect(byStranger.statusCode).toBe(404);
    expect(listFiles(join(booksDir(), other))).toHaveLength(1);
    const byAdmin = await server.app.inject({
      method: 'DELETE',
      url: `/api/activity/books/${other}`,
      headers: as(admin),
    });
    expect(byAdmin.statusCode).toBe(204);
    expect(listFiles(join(booksDir(), other))).toEqual([]);
    expect(await jobsOf(other)).toEqual([]);
  });

  it('deleting another document (a page) leaves every export alone', async () => {
    const page = await savePage(server.app, alice, 'wordsearch', 3);
    const bookId = await exportedBook(alice, [page]);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/db/activity_pages/${page}`,
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(204);
    expect(listFiles(join(booksDir(), bookId))).toHaveLength(1);
    expect(await jobsOf(bookId)).toHaveLength(1);
  });

  it('the sweep at start removes files and jobs of books deleted behind its back or whose owner is gone', async () => {
    const kept = await exportedBook();
    const keptFiles = listFiles(join(booksDir(), kept));
    const deletedByHand = await exportedBook();
    const carol = await signUp(server.app, 'carol@example.com');
    const carolPage = await savePage(server.app, carol, 'sudoku', 4);
    const ownerless = await exportedBook(carol, [carolPage]);
    await server.close();

    const db = state.database.db as unknown as Kysely<{
      documents: { id: string };
      users: { id: string };
    }>;
    await db.deleteFrom('documents').where('id', '=', deletedByHand).execute();
    await db.deleteFrom('users').where('id', '=', carol.id).execute();
    // A file no job holds (a crash between writing it and recording it) and one of a book that never existed.
    const stray = join(booksDir(), kept, `${randomUUID()}.pdf`);
    writeFileSync(stray, '%PDF-stray');
    const nowhere = join(booksDir(), randomUUID());
    mkdirSync(nowhere, { recursive: true });
    writeFileSync(join(nowhere, `${randomUUID()}.pdf`), '%PDF-orphan');

    server = await startActivityServer(state);
    expect(listFiles(join(booksDir(), deletedByHand))).toEqual([]);
    expect(listFiles(join(booksDir(), ownerless))).toEqual([]);
    expect(listFiles(nowhere)).toEqual([]);
    expect(listFiles(join(booksDir(), kept))).toEqual(keptFiles);
    expect(await jobsOf(deletedByHand)).toEqual([]);
    expect(await jobsOf(ownerless)).toEqual([]);
    expect(await jobsOf(kept)).toHaveLength(1);
    const file = await waitForFile(server.app, alice, kept);
    expect(file.statusCode).toBe(200);
    // The documents table still holds carol's book: the sweep removes exports, not documents.
    const orphanBook = await sql<{
      n: number;
    }>`select count(*) as n from documents where id = ${ownerless}`.execute(state.database.db);
    expect(Number(orphanBook.rows[0]?.n)).toBe(1);
  });

  it('a sweep keeps the file of an export another instance finishes while it runs', async () => {
    const storage = createLocalFileStorage({ root: join(state.dataDir, 'files') });
    let finishedMeanwhile: string | undefined;
    // The storage of a starting instance, on the same files and database as the running server:
    // the server finishes an export while the sweep asks for the stored keys.
    const cleanup = createExportCleanup({
      db: state.database.db,
      storage: {
        ...storage,
        async list(prefix) {
          finishedMeanwhile ??= await exportedBook();
          return storage.list(prefix);
        },
      },
    });
    expect(await cleanup.sweep()).toEqual({ jobs: 0, files: 0 });
    const bookId = finishedMeanwhile as string;
    expect(listFiles(join(booksDir(), bookId))).toHaveLength(1);
    expect((await waitForFile(server.app, alice, bookId)).statusCode).toBe(200);
  });
});
