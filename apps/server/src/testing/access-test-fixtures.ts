import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer } from '../app/build-server.js';
import type { Capability } from '../capabilities/capability-types.js';
import { loadConfig } from '../config/server-config.js';
import type { TestDatabaseTarget } from './test-databases.js';
import type { TestServer } from './test-server.js';

// Test support for the access, key and adapter suites; never imported by production code.

export const PASSWORD = 'a long enough test password 42';
export const ADMIN = { email: 'root@example.com', password: 'the seed admin password 42' } as const;
/** Environment of the servers these suites build: auto-verify on, a seed admin. */
export const FIXTURE_ENV = {
  AUTH_AUTO_VERIFY: 'true',
  SEED_ADMIN_EMAIL: ADMIN.email,
  SEED_ADMIN_PASSWORD: ADMIN.password,
} as const;

/** A signed-in user of a test server. */
export interface SignedInUser {
  id: string;
  email: string;
  /** `name=value` of the session cookie, for the `cookie` header. */
  cookie: string;
}

/**
 * Builds a server like `createTestServer`, letting the test register throwaway routes before
 * `ready()` (guards have no production route of their own to test them on).
 */
export async function createServerWithRoutes(
  target: TestDatabaseTarget,
  addRoutes: (app: FastifyInstance) => void | Promise<void>,
  extra: {
    capabilities?: readonly Capability[];
    timeouts?: Parameters<typeof buildServer>[0]['timeouts'];
  } = {},
): Promise<Pick<TestServer, 'app' | 'database' | 'close'>> {
  const config = loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...FIXTURE_ENV });
  const database = await target.open();
  const app = await buildServer({
    config,
    database,
    mailer: createMemoryMailer(),
    clock: createManualClock(Date.now()),
    ...extra,
  });
  await addRoutes(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Logs in an existing account and returns its session cookie. */
export async function logIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  const cookie = login.cookies.find((c) => c.name === app.svcConfig.cookieName);
  if (login.statusCode !== 200 || !cookie) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs up (auto-verified), logs in, and reads the new user's id. */
export async function signUp(app: FastifyInstance, email: string): Promise<SignedInUser> {
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { email, password: PASSWORD },
  });
  if (signup.statusCode >= 300) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const cookie = await logIn(app, email, PASSWORD);
  const row = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email, cookie };
}

const adminCookies = new WeakMap<FastifyInstance, string>();

/** Sets a user's roles the way an admin does: `PUT /auth/users/{id}/roles` as the seed admin. */
export async function setRoles(app: FastifyInstance, userId: string, roles: string[]): Promise<void> {
  let cookie = adminCookies.get(app);
  if (!cookie) {
    cookie = await logIn(app, ADMIN.email, ADMIN.password);
    adminCookies.set(app, cookie);
  }
  const response = await app.inject({
    method: 'PUT',
    url: `/auth/users/${userId}/roles`,
    headers: { cookie },
    payload: { roles },
  });
  if (response.statusCode !== 200)
    throw new Error(`setting roles failed: ${response.statusCode} ${response.body}`);
}

/** Signs up a user and gives them `roles`. */
export async function signUpWithRoles(
  app: FastifyInstance,
  email: string,
  roles: string[],
): Promise<SignedInUser> {
  const user = await signUp(app, email);
  await setRoles(app, user.id, roles);
  return user;
}

/** Creates an API key as `user` (a developer) and returns the raw key and its public id. */
export async function createKey(
  app: FastifyInstance,
  user: SignedInUser,
  name = 'test key',
): Promise<{ key: string; id: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/keys',
    headers: { cookie: user.cookie },
    payload: { name },
  });
  if (response.statusCode !== 201)
    throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ key: string; apiKey: { id: string } }>();
  return { key: body.key, id: body.apiKey.id };
}

/** The error code of a response in the one error shape. */
export function errorCodeOf(response: LightMyRequestResponse): string | undefined {
  return response.json<{ error?: { code?: string } }>().error?.code;
}

/** `POST /account/delete` for a signed-in user, with their password unless another is given. */
export function deleteAccount(app: FastifyInstance, who: { cookie: string }, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/account/delete',
    headers: { cookie: who.cookie },
    payload: { password },
  });
}
