import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, createMemoryMailer, type ManualClock } from '@svc/gate/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ActivityOptions } from '../activity/create-activity-services.js';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import { FIXTURE_ENV, type SignedInUser } from './access-test-fixtures.js';
import type { TestDatabaseTarget } from './test-databases.js';

// Test support for the activity suites; never imported by production code.

/** A server over a database and data directory the test owns (so a second server can reuse them). */
export interface ActivityTestServer {
  app: FastifyInstance;
  clock: ManualClock;
  /** Closes the server only: the database and data directory stay for the next server. */
  close(): Promise<void>;
}

/** A database and data directory shared by the servers of one test. */
export interface SharedState {
  database: Database;
  dataDir: string;
  /** Removes both. */
  destroy(): Promise<void>;
}

/** Opens a fresh database of `target` and a temporary data directory. */
export async function openSharedState(target: TestDatabaseTarget): Promise<SharedState> {
  const database = await target.open();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-activity-'));
  return {
    database,
    dataDir,
    async destroy() {
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds a server like `createTestServer` (auto-verify, a seed admin, low scrypt cost) but on an
 * open database and data directory, with the activity options of the test (worker on or off,
 * poll interval, lease).
 */
export async function startActivityServer(
  state: SharedState,
  activity: ActivityOptions = {},
  clock: ManualClock = createManualClock(Date.now()),
  /** More variables (e.g. `SVC_S3_*`, or another `SVC_DATA_DIR` for a second instance). */
  env: Record<string, string> = {},
): Promise<ActivityTestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SVC_PASSWORD_COST: '12',
    SVC_DATA_DIR: state.dataDir,
    ...FIXTURE_ENV,
    ...env,
  });
  const app = await buildServer({
    config,
    database: state.database,
    mailer: createMemoryMailer(),
    clock,
    activity: { pollIntervalMs: 50, ...activity },
  });
  await app.ready();
  return { app, clock, close: () => app.close() };
}

/** The `cookie` header of a signed-in user. */
export function as(user: SignedInUser | undefined): { cookie: string } | Record<string, never> {
  return user ? { cookie: user.cookie } : {};
}

/** Generates a page (anonymously, for the public kinds) and returns it. */
export async function generate(
  app: FastifyInstance,
  kind: string,
  seed: string | number = 1,
  input: Record<string, unknown> = {},
  user?: SignedInUser,
): Promise<{ kind: string; seed: string; doc: Record<string, unknown>; summary: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/activity/pages/generate',
    headers: as(user),
    payload: { kind, seed, input },
  });
  if (response.statusCode !== 200)
    throw new Error(`generate failed: ${response.statusCode} ${response.body}`);
  return response.json().page;
}

/** Generates and saves a page as `user`; returns its id. */
export async function savePage(
  app: FastifyInstance,
  user: SignedInUser,
  kind = 'sudoku',
  seed: string | number = 1,
) {
  const page = await generate(app, kind, seed);
  const response = await app.inject({
    method: 'POST',
    url: '/api/activity/pages',
    headers: as(user),
    payload: { kind: page.kind, doc: page.doc, seed: page.seed, summary: page.summary },
  });
  if (response.statusCode !== 201) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
  return response.json().page.id as string;
}

/** Saves a book of `pageIds` as `user`; returns its id. */
export async function saveBook(
  app: FastifyInstance,
  user: SignedInUser,
  pageIds: string[],
  title = 'Puzzle Book',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/activity/books',
    headers: as(user),
    payload: { title, trim: '6x9', pageIds },
  });
  if (response.statusCode !== 201) throw new Error(`book failed: ${response.statusCode} ${response.body}`);
  return response.json().book.id as string;
}

/** Asks for an export of `bookId` as `user`. */
export function exportBook(app: FastifyInstance, user: SignedInUser, bookId: string) {
  return app.inject({ method: 'POST', url: `/api/activity/books/${bookId}/export`, headers: as(user) });
}

/** Polls the book's file until it is not 202 (or `timeoutMs` passes); returns the last answer. */
export async function waitForFile(
  app: FastifyInstance,
  user: SignedInUser,
  bookId: string,
  timeoutMs = 30_000,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/activity/books/${bookId}/file`,
      headers: as(user),
    });
    if (response.statusCode !== 202 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
