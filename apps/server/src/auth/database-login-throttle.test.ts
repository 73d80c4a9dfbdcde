import { LOGIN_THROTTLE_CONTRACT } from '@svc/gate/testing';
import { afterAll, describe, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import type { Database } from '../db/create-database.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createDatabaseLoginThrottle } from './database-login-throttle.js';

describe.each(testDatabaseTargets())(
  'the login throttle in the database on $name passes the gate contract',
  (target) => {
    const opened: Database[] = [];
    afterAll(async () => {
      for (const database of opened) await database.destroy();
    });
    const context = {
      async createThrottle() {
        const database = await target.open();
        opened.push(database);
        await migrateToLatest(database.db);
        return createDatabaseLoginThrottle(database.db, database.dialect);
      },
    };
    for (const contractCase of LOGIN_THROTTLE_CONTRACT)
      it(contractCase.name, () => contractCase.run(context));
  },
);
