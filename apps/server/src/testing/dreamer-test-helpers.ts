import type { FastifyInstance } from 'fastify';
import { ADMIN, FIXTURE_ENV, logIn, PASSWORD, type SignedInUser } from './access-test-fixtures.js';
import { logInAs, signUpVerified } from './auth-test-helpers.js';
import { type FakeModelServer, startFakeModelServer } from './fake-model-server.js';
import type { TestDatabaseTarget } from './test-databases.js';
import { createTestServer, type TestServer } from './test-server.js';

// Test support for the dreamer suites; never imported by production code.

/** A server whose model providers are a local fake speaking the OpenAI and Anthropic protocols. */
export interface DreamerTestServer extends TestServer {
  models: FakeModelServer;
  adminCookie: string;
}

/** The provider variables pointing both protocols at `models` (streaming unless `MODEL_STREAMING` says otherwise). */
export function modelEnv(models: FakeModelServer): Record<string, string> {
  return {
    OPENAI_BASE_URL: models.openaiBaseUrl,
    OPENAI_API_KEY: 'sk-test-openai-key-never-logged',
    OPENAI_MODELS: 'gpt-test-1,gpt-test-2',
    ANTHROPIC_BASE_URL: models.anthropicBaseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test-key-never-logged',
    ANTHROPIC_MODELS: 'claude-test-1',
  };
}

/**
 * Starts the fake model server and a test server wired to it, with the fixture admin signed in.
 *
 * @example
 * const server = await createDreamerTestServer(target, { MODEL_STREAMING: 'false' });
 */
export async function createDreamerTestServer(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
): Promise<DreamerTestServer> {
  const models = await startFakeModelServer();
  const server = await createTestServer(target, { ...FIXTURE_ENV, ...modelEnv(models), ...env });
  const adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
  return {
    ...server,
    models,
    adminCookie,
    async close() {
      await server.close();
      await models.close();
    },
  };
}

let nextUser = 0;

/** Signs up a member; with `plan`, an admin grants that plan (`PRO` includes intelligence). */
export async function createMember(
  app: FastifyInstance,
  adminCookie: string,
  plan?: 'STARTER' | 'PRO',
): Promise<SignedInUser> {
  nextUser += 1;
  const email = `dreamer-${nextUser}-${Date.now()}@example.com`;
  // Fresh client addresses per sign-up and login keep the suites under the per-IP auth limits.
  const id = await signUpVerified({ app } as TestServer, email, PASSWORD);
  const user: SignedInUser = { id, email, cookie: await logInAs(app, email, PASSWORD) };
  if (plan) {
    const granted = await app.inject({
      method: 'POST',
      url: '/membership/grant',
      headers: { cookie: adminCookie },
      payload: { userId: user.id, plan },
    });
    if (granted.statusCode !== 200) throw new Error(`grant failed: ${granted.statusCode} ${granted.body}`);
  }
  return user;
}

/** Creates the `meter_rules` rule pricing `resource` at `cost` tokens. */
export async function priceResource(
  app: FastifyInstance,
  adminCookie: string,
  resource: string,
  cost: number,
): Promise<void> {
  const created = await app.inject({
    method: 'POST',
    url: '/db/meter_rules',
    headers: { cookie: adminCookie },
    payload: { resource, cost },
  });
  if (created.statusCode !== 201) throw new Error(`rule failed: ${created.statusCode} ${created.body}`);
}

/** Reads a run record through the data route, as its owner would. */
export async function readRun(
  app: FastifyInstance,
  cookie: string,
  runId: string,
): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url: `/db/dreamer_runs/${runId}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
