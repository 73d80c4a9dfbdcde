import type { Mailer } from '@svc/gate';
import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import {
  codeOf,
  freshAddress,
  logInAs,
  OTHER_PASSWORD,
  SEED_ADMIN,
  SEED_ENV,
  STRONG_PASSWORD,
  signUpVerified,
} from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const DAY = 24 * 3600 * 1000;

describe.each(testDatabaseTargets())('auth lifecycle on $name', (target) => {
  describe('sessions, roles and passwords', () => {
    let server: TestServer;
    let admin: string;
    beforeAll(async () => {
      server = await createTestServer(target, SEED_ENV);
      admin = await logInAs(server.app, SEED_ADMIN.email, SEED_ADMIN.password);
    });
    afterAll(() => server.close());
    const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } });
    const putRoles = (userId: string, roles: unknown, cookie = admin) =>
      server.app.inject({
        method: 'PUT',
        url: `/auth/users/${userId}/roles`,
        headers: { cookie },
        payload: { roles },
      });
    const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
      server.app.inject({
        method: 'POST',
        url: '/auth/password',
        remoteAddress: freshAddress(),
        headers: { cookie },
        payload: { currentPassword, newPassword },
      });

    it('ends a session after its lifetime (7 days), by the server clock', async () => {
      await signUpVerified(server, 'expiring@example.com');
      const cookie = await logInAs(server.app, 'expiring@example.com', STRONG_PASSWORD);
      server.clock.advance(7 * DAY - 1000);
      expect((await me(cookie)).statusCode).toBe(200);
      server.clock.advance(1000);
      expect((await me(cookie)).statusCode).toBe(401);
      admin = await logInAs(server.app, SEED_ADMIN.email, SEED_ADMIN.password);
    });

    it('applies a role change to a live session on its next request', async () => {
      const userId = await signUpVerified(server, 'promoted@example.com');
      const cookie = await logInAs(server.app, 'promoted@example.com', STRONG_PASSWORD);
      const promoted = await putRoles(userId, ['member', 'developer', 'developer']);
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ id: userId, roles: ['member', 'developer'] });
      expect((await me(cookie)).json()).toMatchObject({ roles: ['member', 'developer'], isDeveloper: true });

      expect((await putRoles(userId, ['member'])).statusCode).toBe(200);
      expect((await me(cookie)).json()).toMatchObject({ roles: ['member'], isDeveloper: false });
      const keys = await server.app.inject({
        method: 'POST',
        url: '/keys',
        headers: { cookie },
        payload: { name: 'after demotion' },
      });
      expect(keys.statusCode).toBe(403);
    });

    it('demotes an admin at once: their next admin request is refused', async () => {
      const userId = await signUpVerified(server, 'deputy@example.com');
      expect((await putRoles(userId, ['admin'])).statusCode).toBe(200);
      const deputy = await logInAs(server.app, 'deputy@example.com', STRONG_PASSWORD);
      expect((await putRoles(userId, ['admin', 'staff'], deputy)).statusCode).toBe(200);
      expect((await putRoles(userId, ['member'])).statusCode).toBe(200);
      const refused = await putRoles(userId, ['admin'], deputy);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'GATE_FORBIDDEN']);
    });

    it('validates role changes and keeps them to admins', async () => {
      const userId = await signUpVerified(server, 'roles@example.com');
      const unknown = await putRoles(userId, ['member', 'superuser']);
      expect([unknown.statusCode, codeOf(unknown)]).toEqual([400, 'GATE_INVALID_INPUT']);
      expect(unknown.json().error.details).toMatchObject({ unknownRoles: ['superuser'] });
      expect(codeOf(await putRoles(userId, ['Admin!']))).toBe('SERVER_VALIDATION');
      expect(codeOf(await putRoles(userId, { admin: true }))).toBe('SERVER_VALIDATION');
      const missing = await putRoles('no-such-user', ['member']);
      expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'GATE_NOT_FOUND']);

      const member = await logInAs(server.app, 'roles@example.com', STRONG_PASSWORD);
      expect((await putRoles(userId, ['admin'], member)).statusCode).toBe(403);
      const anonymous = await server.app.inject({
        method: 'PUT',
        url: `/auth/users/${userId}/roles`,
        payload: { roles: ['admin'] },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('changes a password: this session stays, every other one ends at once', async () => {
      await signUpVerified(server, 'mover@example.com');
      const here = await logInAs(server.app, 'mover@example.com', STRONG_PASSWORD);
      const there = await logInAs(server.app, 'mover@example.com', STRONG_PASSWORD);

      const wrong = await changePassword(here, `${STRONG_PASSWORD}?`, OTHER_PASSWORD);
      expect([wrong.statusCode, codeOf(wrong)]).toEqual([401, 'GATE_INVALID_CREDENTIALS']);
      const weak = await changePassword(here, STRONG_PASSWORD, 'password1234');
      expect([weak.statusCode, codeOf(weak)]).toEqual([400, 'GATE_WEAK_PASSWORD']);
      expect((await me(there)).statusCode).toBe(200);

      expect((await changePassword(here, STRONG_PASSWORD, OTHER_PASSWORD)).statusCode).toBe(204);
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(there)).statusCode).toBe(401);
      await expect(logInAs(server.app, 'mover@example.com', STRONG_PASSWORD)).rejects.toThrow(/401/);
      await logInAs(server.app, 'mover@example.com', OTHER_PASSWORD);
      const anonymous = await server.app.inject({
        method: 'POST',
        url: '/auth/password',
        payload: { currentPassword: 'a', newPassword: 'b' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('the seeded admin', () => {
    it('is created once, promoted and verified again on each boot, and keeps its password', async () => {
      const database = await target.open();
      const boot = async (password: string, mailer: Mailer = createMemoryMailer()) => {
        const config = loadConfig({
          NODE_ENV: 'test',
          SVC_PASSWORD_COST: '12',
          SEED_ADMIN_EMAIL: ` ${SEED_ADMIN.email.toUpperCase()}`,
          SEED_ADMIN_PASSWORD: password,
        });
        const app = await buildServer({ config, database, mailer, clock: createManualClock(Date.now()) });
        await app.ready();
        return app;
      };
      try {
        const first = await boot(SEED_ADMIN.password);
        await first.close();
        const count = async () =>
          (
            await database.db
              .selectFrom('users')
              .select(database.db.fn.countAll<number>().as('n'))
              .where('email', '=', SEED_ADMIN.email)
              .executeTakeFirstOrThrow()
          ).n;
        expect(Number(await count())).toBe(1);
        await database.db
          .updateTable('users')
          .set({ roles: '["member"]', email_verified_at: null })
          .execute();

        const second = await boot('a-different-seed-password-99', { send: async () => {} });
        expect(Number(await count())).toBe(1);
        const cookie = await logInAs(second, SEED_ADMIN.email, SEED_ADMIN.password);
        await expect(logInAs(second, SEED_ADMIN.email, 'a-different-seed-password-99')).rejects.toThrow(
          /401/,
        );
        const me = await second.inject({ method: 'GET', url: '/auth/me', headers: { cookie } });
        expect(me.json()).toMatchObject({ roles: ['member', 'admin'], isAdmin: true, emailVerified: true });

        // This server's mailer keeps no outbox.
        const outbox = await second.inject({ method: 'GET', url: '/auth/outbox', headers: { cookie } });
        expect([outbox.statusCode, codeOf(outbox)]).toEqual([501, 'GATE_NOT_CONFIGURED']);
        await second.close();
      } finally {
        await database.destroy();
      }
    });

    it('refuses to seed a weak password', async () => {
      const database = await target.open();
      try {
        const config = loadConfig({
          NODE_ENV: 'test',
          SVC_PASSWORD_COST: '12',
          SEED_ADMIN_EMAIL: 'weak@example.com',
          SEED_ADMIN_PASSWORD: 'admin123',
        });
        await expect(buildServer({ config, database })).rejects.toMatchObject({ code: 'GATE_WEAK_PASSWORD' });
      } finally {
        await database.destroy();
      }
    });
  });
});
