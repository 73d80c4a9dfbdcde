import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  as,
  exportBook,
  generate,
  openSharedState,
  type SharedState,
  startActivityServer,
} from '../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

describe.each(testDatabaseTargets())('export progress across instances on $name', (target) => {
  let state: SharedState;
  let front: ActivityTestServer;
  let builder: ActivityTestServer;
  let alice: SignedInUser;

  beforeAll(async () => {
    state = await openSharedState(target);
    // The instance that answers the owner runs no worker: the job is built on the other one.
    front = await startActivityServer(state, { worker: false });
    builder = await startActivityServer(state, { progressIntervalMs: 0 });
    alice = await signUp(front.app, 'alice@example.com');
  });
  afterAll(async () => {
    await builder?.close();
    await front?.close();
    await state?.destroy();
  });

  it('answers pages done of total, read from the database, while another instance builds the book', async () => {
    const maze = await generate(front.app, 'maze', 'progress', { width: 60, height: 60 });
    const saved = await front.app.inject({
      method: 'POST',
      url: '/api/activity/pages',
      headers: as(alice),
      payload: { kind: maze.kind, doc: maze.doc, title: 'Big maze' },
    });
    const pageId = saved.json().page.id as string;
    const book = await front.app.inject({
      method: 'POST',
      url: '/api/activity/books',
      headers: as(alice),
      payload: {
        title: 'A long book',
        trim: '8.5x11',
        pageIds: Array.from({ length: 400 }, () => pageId),
        options: { includeKeys: true, largePrint: true },
      },
    });
    const bookId = book.json().book.id as string;
    const queued = await exportBook(front.app, alice, bookId);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().job).toMatchObject({ pagesDone: null, pagesTotal: null, progress: 0 });

    const seen: { pagesDone: number | null; pagesTotal: number | null; progress: number }[] = [];
    for (;;) {
      const answer = await front.app.inject({
        method: 'GET',
        url: `/api/activity/books/${bookId}/file`,
        headers: as(alice),
      });
      if (answer.statusCode !== 202) {
        expect(answer.statusCode).toBe(200);
        break;
      }
      const { pagesDone, pagesTotal, progress } = answer.json().job;
      const last = seen.at(-1);
      if (pagesDone !== null && pagesDone !== last?.pagesDone) seen.push({ pagesDone, pagesTotal, progress });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A title page, 400 puzzle pages and their answer keys (several to a page).
    const total = seen[0]?.pagesTotal ?? 0;
    expect(total).toBeGreaterThan(401);
    expect(seen.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(3);
    for (const [index, value] of seen.entries()) {
      expect(value.pagesTotal).toBe(total);
      expect(value.progress).toBe(Math.min(99, Math.floor((100 * (value.pagesDone ?? 0)) / total)));
      if (index > 0) expect(value.pagesDone).toBeGreaterThan(seen[index - 1]?.pagesDone ?? 0);
    }
  });
});
