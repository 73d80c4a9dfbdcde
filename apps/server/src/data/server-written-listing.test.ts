import { MAX_DOCUMENT_BYTES, MAX_LIST_BYTES } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_RUN_COLLECTION } from '../automations/automation-runs.js';
import { RUN_COLLECTION } from '../dreamer/kysely-run-store.js';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

/** Collections only the server writes, so only it could have stored a document past 256 KiB. */
const SERVER_WRITTEN = [RUN_COLLECTION, AUTOMATION_RUN_COLLECTION];

describe.each(testDatabaseTargets())('listing a collection the server writes, on $name', (target) => {
  let server: TestServer;
  let base: string;
  let owner: SignedInUser;
  const stored = new Map<string, { big: string; small: string }>();

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    base = await listenOnLoopback(server.app);
    owner = await signUp(server.app, 'server-written@example.com');
    // What an earlier version stored: one record of 3 MiB (a run whose steps returned megabytes).
    const now = Date.now();
    for (const collection of SERVER_WRITTEN) {
      const ids = { big: `${collection}-big`, small: `${collection}-small` };
      stored.set(collection, ids);
      await server.database.db
        .insertInto('documents')
        .values([
          {
            id: ids.big,
            collection,
            owner: owner.id,
            visibility: 'private',
            created_at: now,
            updated_at: now,
            body: JSON.stringify({ status: 'done', blob: 'x'.repeat(3 * 1024 * 1024) }),
          },
          {
            id: ids.small,
            collection,
            owner: owner.id,
            visibility: 'private',
            created_at: now + 1,
            updated_at: now + 1,
            body: JSON.stringify({ status: 'done' }),
          },
        ])
        .execute();
    }
  });
  afterAll(async () => server?.close());

  it.each(SERVER_WRITTEN)(
    'keeps every page of /db/%s within 2 MiB, listing a too-large record without its body',
    async (collection) => {
      const ids = stored.get(collection);
      const seen = await probeHealthzAgainstBaseline(base, () =>
        sendOverLoopback(base, 'GET', `/db/${collection}?limit=5000&sort=createdAt`, {
          cookie: owner.cookie,
        }),
      );
      const page = seen.result;
      expect(page.status).toBe(200);
      expect(page.bytes).toBeLessThanOrEqual(MAX_LIST_BYTES);
      expect(page.json.items.map((item: { id: string }) => item.id)).toEqual([ids?.big, ids?.small]);
      expect(page.json.items[0]).toMatchObject({
        id: ids?.big,
        owner: owner.id,
        bodyOmitted: {
          bytes: 3 * 1024 * 1024 + JSON.stringify({ status: 'done', blob: '' }).length,
          maxBytes: MAX_DOCUMENT_BYTES,
        },
      });
      expect(page.json.items[0].blob).toBeUndefined();
      expect(page.json.items[1]).toMatchObject({ status: 'done' });
      expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
      // The record itself is still read whole, one at a time.
      const whole = await sendOverLoopback(base, 'GET', `/db/${collection}/${ids?.big}`, {
        cookie: owner.cookie,
      });
      expect(whole.json.blob).toHaveLength(3 * 1024 * 1024);
    },
  );
});
