import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createKey,
  createServerWithRoutes,
  errorCodeOf,
  PASSWORD,
  type SignedInUser,
} from '../testing/access-test-fixtures.js';
import { freshAddress, logInAs } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';

/** Signs up (auto-verified) and logs in from a fresh address each, so the per-IP limits stay out of the way. */
async function signUp(app: FastifyInstance, email: string, roles?: string[]): Promise<SignedInUser> {
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: freshAddress(),
    payload: { email, password: PASSWORD },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const id = signup.json<{ user: { id: string } }>().user.id;
  if (roles) await app.gate.auth.setRoles({ userId: id, roles });
  return { id, email, cookie: await logInAs(app, email, PASSWORD) };
}

const signUpWithRoles = (app: FastifyInstance, email: string, roles: string[]) => signUp(app, email, roles);

interface Account {
  id: string;
  email: string;
  roles: string[];
  permissions: string[];
  disabledAt: number | null;
  membership: { plan: string | null; status: string };
  balance: number;
}
interface AuditEntry {
  actor: { id: string; email: string };
  action: string;
  target: { userId: string; email: string | null } | null;
  details: Record<string, unknown>;
}

describe.each(testDatabaseTargets())('admin routes on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let adminCookie: string;
  let adminId: string;

  beforeAll(async () => {
    server = await createServerWithRoutes(target, () => undefined);
    adminCookie = await logInAs(server.app, ADMIN.email, ADMIN.password);
    adminId = (
      await server.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: adminCookie } })
    ).json<{ id: string }>().id;
  });
  afterAll(async () => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const audit = async (query = '') =>
    (await call('GET', `/api/admin/audit${query}`, adminCookie)).json<{
      entries: AuditEntry[];
      nextCursor: string | null;
    }>();

  it('refuses anonymous callers and non-admins with the catalogue codes', async () => {
    const member = await signUp(server.app, `plain-${target.name}@example.com`);
    expect(errorCodeOf(await call('GET', '/api/admin/users'))).toBe('GATE_UNAUTHENTICATED');
    const refused = await call('GET', '/api/admin/users', member.cookie);
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([403, 'GATE_FORBIDDEN']);
    expect((await call('POST', `/api/admin/users/${member.id}/disable`, member.cookie, {})).statusCode).toBe(
      403,
    );
  });

  it('searches emails as a case-insensitive substring, % and _ literal, paged with a total', async () => {
    for (const local of ['zeta_one', 'zetaxone', 'zeta%two', 'zeta-three'])
      await signUp(server.app, `${local}@${target.name}.example.com`);
    const all = (await call('GET', '/api/admin/users?search=ZeTa', adminCookie)).json<{
      users: Account[];
      total: number;
    }>();
    expect(all.total).toBe(4);
    expect(all.users.map((user) => user.email)).toEqual(
      ['zeta%two', 'zeta-three', 'zeta_one', 'zetaxone'].map(
        (local) => `${local}@${target.name}.example.com`,
      ),
    );
    const underscore = (await call('GET', '/api/admin/users?search=zeta_', adminCookie)).json<{
      total: number;
    }>();
    expect(underscore.total).toBe(1);
    const percent = (
      await call('GET', `/api/admin/users?search=${encodeURIComponent('zeta%')}`, adminCookie)
    ).json<{
      total: number;
    }>();
    expect(percent.total).toBe(1);
    const page = (await call('GET', '/api/admin/users?search=zeta&offset=2&limit=1', adminCookie)).json<{
      users: Account[];
      total: number;
      offset: number;
      limit: number;
    }>();
    expect([page.total, page.offset, page.limit, page.users[0]?.email]).toEqual([
      4,
      2,
      1,
      `zeta_one@${target.name}.example.com`,
    ]);
    const first = page.users[0];
    expect(first?.roles).toEqual(['member']);
    expect(first?.permissions).toEqual(['read_data', 'write_data']);
    expect([first?.disabledAt, first?.balance, first?.membership.status]).toEqual([null, 0, 'none']);
    expect((await call('GET', '/api/admin/users?limit=101', adminCookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users?offset=-1', adminCookie)).statusCode).toBe(400);
  });

  it('changes roles, grants a plan and tokens by user id, and audits each with who and what', async () => {
    const user = await signUp(server.app, `granted-${target.name}@example.com`);
    const roles = await call('PUT', `/api/admin/users/${user.id}/roles`, adminCookie, {
      roles: ['member', 'developer'],
    });
    expect(roles.json<Account>().permissions).toContain('create_api_key');
    const unknownRole = await call('PUT', `/api/admin/users/${user.id}/roles`, adminCookie, {
      roles: ['wizard'],
    });
    expect(errorCodeOf(unknownRole)).toBe('GATE_INVALID_INPUT');
    const plan = await call('PUT', `/api/admin/users/${user.id}/membership`, adminCookie, { plan: 'PRO' });
    expect(plan.json<Account>().membership).toMatchObject({ plan: 'PRO', status: 'active' });
    const tokens = await call('POST', `/api/admin/users/${user.id}/tokens`, adminCookie, {
      amount: 40,
      reason: 'welcome',
    });
    expect(tokens.json<Account>().balance).toBe(40);
    const entries = (await audit(`?userId=${user.id}`)).entries;
    expect(entries.map((entry) => entry.action)).toEqual([
      'tokens.granted',
      'membership.granted',
      'user.roles.set',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { id: adminId, email: ADMIN.email },
      target: { userId: user.id, email: user.email },
      details: { amount: 40, reason: 'welcome', balance: 40 },
    });
    expect(entries[2]?.details).toEqual({ previous: ['member'], roles: ['member', 'developer'] });
  });

  it('audits the older admin routes that change people too', async () => {
    const user = await signUp(server.app, `older-${target.name}@example.com`);
    await call('PUT', `/auth/users/${user.id}/roles`, adminCookie, { roles: ['staff'] });
    await call('POST', '/membership/grant', adminCookie, { userId: user.id, plan: 'STARTER' });
    await call('POST', '/tokens/grant', adminCookie, {
      userId: user.id,
      amount: 5,
      reason: 'r',
      idempotencyKey: 'k',
    });
    await call('POST', '/tokens/grant', adminCookie, {
      userId: user.id,
      amount: 5,
      reason: 'r',
      idempotencyKey: 'k',
    });
    const developer = await signUpWithRoles(server.app, `older-dev-${target.name}@example.com`, [
      'developer',
    ]);
    const { id: keyId } = await createKey(server.app, developer, 'old route');
    expect((await call('DELETE', `/keys/${keyId}`, adminCookie)).statusCode).toBe(204);
    const actions = (await audit(`?userId=${user.id}`)).entries.map((entry) => entry.action);
    expect(actions).toEqual(['tokens.granted', 'membership.granted', 'user.roles.set']);
    const [revoked] = (await audit(`?userId=${developer.id}`)).entries;
    expect([revoked?.action, revoked?.details.name]).toEqual(['user.key.revoked', 'old route']);
  });

  it('disabling refuses the open session, the API key and sign-in at once; re-enabling brings the key back', async () => {
    const developer = await signUpWithRoles(server.app, `disabled-${target.name}@example.com`, ['developer']);
    const { key } = await createKey(server.app, developer);
    const me = () => call('GET', '/auth/me', developer.cookie);
    const viaKey = () => server.app.inject({ method: 'GET', url: '/keys', headers: { 'x-api-key': key } });
    expect((await me()).statusCode).toBe(200);
    expect((await viaKey()).statusCode).toBe(200);
    const disabled = await call('POST', `/api/admin/users/${developer.id}/disable`, adminCookie, {
      reason: 'left the team',
    });
    expect(disabled.json<Account>().disabledAt).toEqual(expect.any(Number));
    expect((await me()).statusCode).toBe(401);
    expect((await viaKey()).statusCode).toBe(401);
    const verify = await call('POST', '/keys/verify', undefined, { key });
    expect(verify.json()).toEqual({ valid: false });
    const login = await call('POST', '/auth/login', undefined, {
      email: developer.email,
      password: PASSWORD,
    });
    expect([login.statusCode, errorCodeOf(login)]).toEqual([403, 'GATE_ACCOUNT_DISABLED']);
    const stored = await server.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', developer.id)
      .execute();
    expect(stored).toHaveLength(1);

    expect(
      (await call('POST', `/api/admin/users/${developer.id}/enable`, adminCookie)).json<Account>().disabledAt,
    ).toBeNull();
    expect((await viaKey()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    expect(
      (await call('POST', '/auth/login', undefined, { email: developer.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const actions = (await audit(`?userId=${developer.id}`)).entries.map((entry) => [
      entry.action,
      entry.details,
    ]);
    expect(actions.slice(0, 2)).toEqual([
      ['user.enabled', {}],
      ['user.disabled', { reason: 'left the team' }],
    ]);
  });

  it('lists and revokes one session and one key of a user', async () => {
    const developer = await signUpWithRoles(server.app, `revoked-${target.name}@example.com`, ['developer']);
    const { key, id: keyId } = await createKey(server.app, developer, 'ci');
    const keys = (await call('GET', `/api/admin/users/${developer.id}/keys`, adminCookie)).json<{
      keys: { id: string; name: string }[];
    }>();
    expect(keys.keys.map((listed) => [listed.id, listed.name])).toEqual([[keyId, 'ci']]);
    expect(
      (await call('DELETE', `/api/admin/users/${developer.id}/keys/${keyId}`, adminCookie)).statusCode,
    ).toBe(204);
    expect((await call('POST', '/keys/verify', undefined, { key })).json()).toEqual({ valid: false });
    expect(
      errorCodeOf(await call('DELETE', `/api/admin/users/${developer.id}/keys/${keyId}`, adminCookie)),
    ).toBe('GATE_NOT_FOUND');
    const sessions = (await call('GET', `/api/admin/users/${developer.id}/sessions`, adminCookie)).json<{
      sessions: { id: string }[];
    }>();
    expect(sessions.sessions).toHaveLength(1);
    const sessionId = sessions.sessions[0]?.id ?? '';
    expect(
      (await call('DELETE', `/api/admin/users/${developer.id}/sessions/${sessionId}`, adminCookie))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', '/auth/me', developer.cookie)).statusCode).toBe(401);
    const entries = (await audit(`?userId=${developer.id}`)).entries;
    expect(entries.map((entry) => entry.action).slice(0, 2)).toEqual([
      'user.session.revoked',
      'user.key.revoked',
    ]);
    expect(JSON.stringify(entries)).not.toContain(sessionId);
  });

  it('keeps an admin from disabling themself and from demoting the last enabled admin', async () => {
    const self = await call('POST', `/api/admin/users/${adminId}/disable`, adminCookie, {});
    expect([self.statusCode, errorCodeOf(self)]).toEqual([403, 'GATE_FORBIDDEN']);
    const demote = await call('PUT', `/api/admin/users/${adminId}/roles`, adminCookie, { roles: ['member'] });
    expect([demote.statusCode, errorCodeOf(demote)]).toEqual([409, 'GATE_LAST_ADMIN']);
    const second: SignedInUser = await signUpWithRoles(
      server.app,
      `second-admin-${target.name}@example.com`,
      ['admin'],
    );
    const demoteSecond = await call('PUT', `/api/admin/users/${second.id}/roles`, adminCookie, {
      roles: ['member'],
    });
    expect(demoteSecond.statusCode).toBe(200);
  });

  it('pages the audit log newest first with a cursor, and refuses a forged cursor', async () => {
    const first = await audit('?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await audit(`?limit=2&cursor=${first.nextCursor}`);
    const ids = new Set([...first.entries, ...second.entries].map((entry) => JSON.stringify(entry)));
    expect(ids.size).toBe(4);
    expect(errorCodeOf(await call('GET', '/api/admin/audit?cursor=bm9wZQ', adminCookie))).toBe(
      'GATE_INVALID_CURSOR',
    );
  });

  it('describes every admin route in /openapi.json', async () => {
    const spec = (await call('GET', '/openapi.json')).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    const adminPaths = Object.keys(spec.paths).filter((path) => path.startsWith('/api/admin'));
    expect(adminPaths.sort()).toEqual([
      '/api/admin/audit',
      '/api/admin/backup',
      '/api/admin/roles',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/users/{id}/disable',
      '/api/admin/users/{id}/enable',
      '/api/admin/users/{id}/keys',
      '/api/admin/users/{id}/keys/{keyId}',
      '/api/admin/users/{id}/membership',
      '/api/admin/users/{id}/roles',
      '/api/admin/users/{id}/sessions',
      '/api/admin/users/{id}/sessions/end-all',
      '/api/admin/users/{id}/sessions/{sessionId}',
      '/api/admin/users/{id}/tokens',
    ]);
    for (const path of adminPaths)
      for (const operation of Object.values(spec.paths[path] ?? {})) expect(operation.summary).toBeTruthy();
  });
});
