import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, type Gate, IDENTITY_CACHE_OUTAGE_MS } from './create-gate.js';
import { gateMigrations } from './db/migrations.js';
import type { GateDatabase } from './db/schema.js';
import { createManualClock } from './testing/manual-clock.js';
import {
  createMemoryInvalidationBus,
  type MemoryInvalidationBus,
} from './testing/memory-identity-invalidations.js';
import { createMemoryMailer } from './testing/memory-mailer.js';

const PASSWORD = 'violet anchor drifts past seven lighthouses';

// Two gates on one database, as two server instances are: what one changes, the other's cache
// forgets through the bus — at a cache lifetime of a minute and a clock that never moves.
describe('identity-cache invalidations shared between gates', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-gate-shared-'));
  const db = new Kysely<GateDatabase>({
    dialect: new SqliteDialect({ database: new Database(join(dir, 'gate.db')) }),
  });
  const clock = createManualClock(Date.now());
  let bus: MemoryInvalidationBus;
  let a: Gate;
  let b: Gate;
  let count = 0;

  const makeGate = (): Gate =>
    createGate({
      db,
      mailer: createMemoryMailer(),
      clock,
      invalidations: bus.connect(),
      config: {
        jwtSecret: 'shared-secret-'.repeat(4),
        apiKeyPepper: 'p',
        passwordCost: 10,
        autoVerify: true,
        identityCacheMs: 60_000,
      },
    });

  async function signIn(): Promise<{ userId: string; token: string; sessionId: string }> {
    const email = `shared${++count}@example.com`;
    await a.auth.signup({ email, password: PASSWORD });
    const result = await a.auth.login({ email, password: PASSWORD });
    if (!('session' in result)) throw new Error('expected a session');
    const { user, session } = result;
    return { userId: user.id, token: session.token, sessionId: session.id };
  }

  beforeAll(async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => gateMigrations } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    bus = createMemoryInvalidationBus();
    a = makeGate();
    b = makeGate();
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a key removed through one gate is refused by the other at once', async () => {
    const { userId, token } = await signIn();
    await a.auth.setRoles({ userId, roles: ['developer'] });
    const developer = await a.identify({ sessionToken: token });
    const { key, apiKey } = await a.keys.create({ user: developer, name: 'shared' });
    expect((await b.identify({ apiKey: key }))?.id).toBe(userId);
    await a.keys.remove({ user: developer, id: apiKey.id });
    expect(await b.identify({ apiKey: key })).toBeNull();
  });

  it('a logout, a demotion and a password change on one gate apply on the other, and no token crosses the bus', async () => {
    const { userId, token, sessionId } = await signIn();
    await a.auth.setRoles({ userId, roles: ['developer'] });
    expect((await b.identify({ sessionToken: token }))?.isDeveloper).toBe(true);
    await a.auth.setRoles({ userId, roles: ['member'] });
    expect((await b.identify({ sessionToken: token }))?.isDeveloper).toBe(false);
    const second = await a.auth.login({ email: `shared${count}@example.com`, password: PASSWORD });
    if (!('session' in second)) throw new Error('expected a session');
    expect((await b.identify({ sessionToken: second.session.token }))?.id).toBe(userId);
    // A password change ends the other sessions: the one b had cached is refused there too.
    await a.auth.changePassword({
      userId,
      currentPassword: PASSWORD,
      newPassword: 'another long passphrase for the same account',
      keepSessionId: sessionId,
    });
    expect(await b.identify({ sessionToken: second.session.token })).toBeNull();
    expect((await b.identify({ sessionToken: token }))?.id).toBe(userId);
    await a.auth.logout({ sessionToken: token });
    expect(await b.identify({ sessionToken: token })).toBeNull();
    const wire = JSON.stringify(bus.published);
    expect(wire).not.toContain(token);
    expect(wire).toContain('credential-hash');
  });

  it('while the bus is down a cached identity is trusted for a second only, and a resume forgets everything', async () => {
    const { userId, token } = await signIn();
    await a.auth.setRoles({ userId, roles: ['developer'] });
    const developer = await a.identify({ sessionToken: token });
    const { key, apiKey } = await a.keys.create({ user: developer, name: 'outage' });
    expect((await b.identify({ apiKey: key }))?.id).toBe(userId);
    bus.setLive(false);
    await a.keys.remove({ user: developer, id: apiKey.id });
    // The message was lost: b still trusts its young entry…
    expect((await b.identify({ apiKey: key }))?.id).toBe(userId);
    // …but not once it is a second old, though the cache lifetime is a minute.
    clock.advance(IDENTITY_CACHE_OUTAGE_MS);
    expect(await b.identify({ apiKey: key })).toBeNull();

    const other = await a.keys.create({ user: developer, name: 'after' });
    expect((await b.identify({ apiKey: other.key }))?.id).toBe(userId);
    await db
      .updateTable('api_keys')
      .set({ revoked_at: clock.now() })
      .where('id', '=', other.apiKey.id)
      .execute();
    bus.setLive(true);
    expect(await b.identify({ apiKey: other.key })).toBeNull();
  });
});
