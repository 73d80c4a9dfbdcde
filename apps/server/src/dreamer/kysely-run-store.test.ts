import { createSampleRunRecord, describeRunStoreContract } from '@svc/dreamer-core/testing';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createKyselyRunStore, RUN_COLLECTION } from './kysely-run-store.js';

describe.each(testDatabaseTargets())('the run store on $name', (target) => {
  async function openStore(owner = 'user-1') {
    const database = await target.open();
    await migrateToLatest(database.db);
    return { database, store: createKyselyRunStore({ db: database.db, owner }) };
  }

  describeRunStoreContract({
    name: target.name,
    describe,
    it,
    async createStore() {
      const { database, store } = await openStore();
      return { store, dispose: () => database.destroy() };
    },
  });

  it('keeps each run private to its owner, stored as a document of dreamer_runs', async () => {
    const { database, store } = await openStore('alice');
    try {
      await store.create(createSampleRunRecord('run-a'));
      const bob = createKyselyRunStore({ db: database.db, owner: 'bob' });
      expect(await bob.get('run-a')).toBeUndefined();
      expect(await bob.reopen('run-a', new Date().toISOString())).toBeUndefined();
      await expect(bob.update('run-a', { status: 'done' })).rejects.toMatchObject({
        code: 'DREAM_RUN_NOT_FOUND',
      });
      const row = await database.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', 'run-a')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ collection: RUN_COLLECTION, owner: 'alice', visibility: 'private' });
      expect(JSON.parse(row.body)).not.toHaveProperty('id');
    } finally {
      await database.destroy();
    }
  });

  it('marks stale runs of every owner', async () => {
    const { database, store } = await openStore('alice');
    try {
      await store.create(createSampleRunRecord('run-a'));
      await createKyselyRunStore({ db: database.db, owner: 'bob' }).create(createSampleRunRecord('run-b'));
      expect(await store.markStaleRunning(new Date())).toBe(2);
    } finally {
      await database.destroy();
    }
  });
});
