import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createServerWithRoutes } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';

/**
 * Two admins removing each other's admin standing at the same moment (a demotion, a
 * disabling): each check saw the other still an admin, so both went through and the install
 * had no enabled admin left. Now the check and the change hold the admins' rows together.
 */
describe.each(testDatabaseTargets())('the last enabled admin under concurrent changes on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  beforeAll(async () => {
    server = await createServerWithRoutes(target, () => undefined);
  });
  afterAll(async () => server.close());

  const enabledAdmins = async () => {
    const rows = await server.app.database.db
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('disabled_at', 'is', null)
      .execute();
    return rows.filter((row) => (JSON.parse(row.roles) as string[]).includes('admin')).length;
  };

  it('keeps one, whatever two removals race', async () => {
    const { accounts, auth } = server.app.gate;
    const seeded = await server.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const other = await auth.signup({
      email: `race-admin-${target.name}@example.com`,
      password: ADMIN.password,
    });
    const ids = [seeded.id, other.user.id];
    const outcomes = { done: 0, refused: 0 };
    for (let round = 0; round < 12; round++) {
      // Two enabled admins, then each removed at once, by a demotion or a disabling.
      for (const id of ids) {
        await auth.setRoles({ userId: id, roles: ['admin'] });
        await accounts.setDisabled({ userId: id, disabled: false, by: id });
      }
      const remove = (id: string, by: string) =>
        round % 2 === 0
          ? auth.setRoles({ userId: id, roles: ['member'] })
          : accounts.setDisabled({ userId: id, disabled: true, by });
      const results = await Promise.allSettled([
        remove(ids[0] as string, ids[1] as string),
        remove(ids[1] as string, ids[0] as string),
      ]);
      for (const result of results) {
        if (result.status === 'fulfilled') outcomes.done++;
        else {
          expect((result.reason as { code?: string }).code).toBe('GATE_LAST_ADMIN');
          outcomes.refused++;
        }
      }
      expect(await enabledAdmins()).toBe(1);
    }
    expect(outcomes).toEqual({ done: 12, refused: 12 });
  });
});
