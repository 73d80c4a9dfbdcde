import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryMailer } from '@svc/gate/testing';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/server-config.js';
import {
  ADMIN,
  createKey,
  FIXTURE_ENV,
  PASSWORD,
  type SignedInUser,
  signUp,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { saveBook, savePage } from '../testing/activity-test-helpers.js';
import { readDocExample } from '../testing/doc-examples.js';
import { listenOnLoopback } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { createPostgresSchema } from '../testing/server-process.js';
import { grantTokens, logInAdmin } from '../testing/token-test-fixtures.js';
import { buildServer } from './build-server.js';

const COPY = fileURLToPath(new URL('../../dist/copy-database.js', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
const url = process.env.TEST_DATABASE_URL;

/** Runs the built command as an operator does; answers its exit code and output. */
function runCopy(args: string[], env: Record<string, string> = {}, cwd?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [COPY, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, ...(cwd ? { cwd } : {}) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Row counts of every table of the schema in `databaseUrl` (Kysely's own tables left out). */
async function countRows(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_name not like 'kysely%' order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows)
      counts[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function testConfig(env: Record<string, string>) {
  return loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...env });
}

describe.skipIf(!url)('copy-database: a SQLite install moved to PostgreSQL', () => {
  // The install as the docs' example sees it: ./data/svc.db under the directory the command runs in.
  const sourceRoot = mkdtempSync(join(tmpdir(), 'svc-copy-source-'));
  const sourceDir = join(sourceRoot, 'data');
  const targetDir = mkdtempSync(join(tmpdir(), 'svc-copy-target-'));
  const sourceFile = join(sourceDir, 'svc.db');
  const schemas: Array<Awaited<ReturnType<typeof createPostgresSchema>>> = [];
  let alice: SignedInUser;
  let bob: SignedInUser;
  let apiKey: string;
  let pageId: string;
  let bookId: string;
  let automationId: string;
  let noteId: string;

  const newSchema = async () => {
    const schema = await createPostgresSchema(url as string);
    schemas.push(schema);
    return schema;
  };

  beforeAll(async () => {
    if (!existsSync(COPY)) throw new Error(`${COPY} is missing: build the server first.`);
    const app = await buildServer({
      config: testConfig({ ...FIXTURE_ENV, SVC_DATA_DIR: sourceDir }),
      mailer: createMemoryMailer(),
    });
    await app.ready();
    alice = await signUpWithRoles(app, 'alice@example.com', ['member', 'developer']);
    bob = await signUp(app, 'bob@example.com');
    apiKey = (await createKey(app, alice)).key;
    pageId = await savePage(app, alice);
    bookId = await saveBook(app, alice, [pageId], 'Moved Book');
    await grantTokens(app, await logInAdmin(app), bob.id, 70);
    const automation = await app.inject({
      method: 'POST',
      url: '/db/automations',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'moved',
        trigger: { type: 'manual' },
        steps: [{ action: 'dreamer.validatePipeline', args: { pipeline: {} } }],
      },
    });
    expect(automation.statusCode).toBe(201);
    automationId = automation.json().id;
    const note = await app.inject({
      method: 'POST',
      url: '/db/notes',
      headers: { cookie: bob.cookie },
      payload: { title: 'kept across the move', flag: true, n: 9_007_199_254_740 },
    });
    expect(note.statusCode).toBe(201);
    noteId = note.json().id;
    await app.close();
  }, 60_000);

  afterAll(async () => {
    for (const schema of schemas) await schema.drop();
    rmSync(sourceRoot, { recursive: true, force: true });
    rmSync(targetDir, { recursive: true, force: true });
  });

  it('copies every row; the server on PostgreSQL serves the same accounts, keys, documents and balances', async () => {
    const target = await newSchema();
    // The lease a server still running on the file holds (or one that crashed left): not data.
    const leased = new SQLite(sourceFile);
    const at = Date.now();
    leased
      .prepare(
        'insert into server_instances (instance_id, holder, started_at, heartbeat_at) values (?, ?, ?, ?)',
      )
      .run(`${hostname()}:3000`, 'still-running', at, at);
    leased.close();
    // The command of docs/deploy/scale-out.md, as shown, with the test's database in DATABASE_URL.
    const example = readDocExample('deploy/scale-out.md', 'copy-database');
    const shown = /^DATABASE_URL=\S+ node (\S+) (.+)$/.exec(example);
    expect(shown?.[1] && join(REPOSITORY, shown[1])).toBe(COPY);
    const copy = await runCopy(
      (shown?.[2] ?? '').split(' '),
      { DATABASE_URL: target.databaseUrl },
      sourceRoot,
    );
    expect(copy.stderr).toBe('');
    expect(copy.code).toBe(0);
    expect(copy.stdout).toMatch(/^ {2}users +3$/m);
    expect(copy.stdout).toMatch(/^ {2}wallet_ledger +1$/m);
    expect(copy.stdout).toMatch(/^ {2}api_keys +1$/m);
    expect(copy.stdout).toMatch(/^ {2}automation_triggers +1$/m);
    const source = new SQLite(sourceFile, { readonly: true });
    const documents = (source.prepare('select count(*) as n from documents').get() as { n: number }).n;
    source.close();
    expect((await countRows(target.databaseUrl)).documents).toBe(documents);
    expect(copy.stdout).not.toMatch(/server_instances/);
    expect((await countRows(target.databaseUrl)).server_instances).toBe(0);

    const app: FastifyInstance = await buildServer({
      config: testConfig({ DATABASE_URL: target.databaseUrl, SVC_DATA_DIR: targetDir }),
      mailer: createMemoryMailer(),
    });
    try {
      await app.ready();
      expect(app.database.dialect).toBe('postgres');
      // The first server on the target takes its derived name, not a suffix beside the copied lease.
      expect(app.svcConfig.instanceId).toBe(`${hostname()}:3000`);
      const base = await listenOnLoopback(app);
      const logIn = async (email: string, password: string) => {
        const response = await fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
      };
      for (const [email, password] of [
        [alice.email, PASSWORD],
        [bob.email, PASSWORD],
        [ADMIN.email, ADMIN.password],
      ] as const)
        expect((await logIn(email, password)).status).toBe(200);
      expect((await logIn(alice.email, 'not the password at all 42')).status).toBe(401);
      // A session made on SQLite is still valid, and the API key works.
      expect((await sendOverLoopback(base, 'GET', '/auth/me', { cookie: alice.cookie })).json.email).toBe(
        alice.email,
      );
      const byKey = await fetch(`${base}/auth/me`, { headers: { 'x-api-key': apiKey } });
      expect(byKey.status).toBe(200);
      expect((await byKey.json()).roles).toEqual(['member', 'developer']);

      const aliceCookie = (await logIn(alice.email, PASSWORD)).cookie;
      const page = await sendOverLoopback(base, 'GET', `/db/activity_pages/${pageId}`, {
        cookie: aliceCookie,
      });
      expect(page.status).toBe(200);
      const book = await sendOverLoopback(base, 'GET', `/db/activity_books/${bookId}`, {
        cookie: aliceCookie,
      });
      expect(book.json.title).toBe('Moved Book');
      expect(
        (await sendOverLoopback(base, 'GET', `/db/automations/${automationId}`, { cookie: aliceCookie })).json
          .name,
      ).toBe('moved');
      const bobCookie = (await logIn(bob.email, PASSWORD)).cookie;
      const note = await sendOverLoopback(base, 'GET', `/db/notes/${noteId}`, { cookie: bobCookie });
      expect(note.json).toMatchObject({ title: 'kept across the move', flag: true, n: 9_007_199_254_740 });
      expect((await sendOverLoopback(base, 'GET', '/tokens/balance', { cookie: bobCookie })).json).toEqual({
        balance: 70,
      });

      // The ledger's identity sequence continues after the copied ids: a new grant is not a duplicate key.
      const adminCookie = (await logIn(ADMIN.email, ADMIN.password)).cookie;
      const grant = await sendOverLoopback(base, 'POST', '/tokens/grant', {
        cookie: adminCookie,
        body: { userId: bob.id, amount: 5, reason: 'after the move' },
      });
      expect(grant.status).toBe(200);
      expect((await sendOverLoopback(base, 'GET', '/tokens/balance', { cookie: bobCookie })).json).toEqual({
        balance: 75,
      });

      // A second copy into the same schema is refused and changes nothing.
      const before = await countRows(target.databaseUrl);
      const again = await runCopy(['--from', sourceFile, '--to', target.databaseUrl]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^svc copy-database: Table "\w+" in PostgreSQL already holds rows/);
      expect(again.stderr.trim().split('\n')).toHaveLength(1);
      expect(await countRows(target.databaseUrl)).toEqual(before);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('a row PostgreSQL refuses halfway leaves every table of the target empty; after the fix the copy succeeds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-copy-bad-'));
    try {
      const file = join(dir, 'svc.db');
      copyFileSync(sourceFile, file);
      const sqlite = new SQLite(file);
      // SQLite keeps 1.5 in a bigint column; PostgreSQL refuses it. wallet_ledger is copied after users and most tables.
      sqlite
        .prepare(
          "insert into wallet_ledger (user_id, amount, reason, kind, balance_after, created_at) values (?, 1, 'odd', 'grant', 71, 1.5)",
        )
        .run(bob.id);
      sqlite.close();
      const target = await newSchema();
      const failed = await runCopy(['--from', file], { DATABASE_URL: target.databaseUrl });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^svc copy-database: PostgreSQL refused a row of "wallet_ledger" \(rows 1–2\): .*bigint/,
      );
      const counts = await countRows(target.databaseUrl);
      expect(Object.keys(counts)).toContain('users');
      expect(Object.values(counts).every((rows) => rows === 0)).toBe(true);

      const fixed = new SQLite(file);
      fixed.prepare("delete from wallet_ledger where reason = 'odd'").run();
      fixed.close();
      const retried = await runCopy(['--from', file], { DATABASE_URL: target.databaseUrl });
      expect(retried.code).toBe(0);
      expect((await countRows(target.databaseUrl)).users).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('migrates a temporary copy of a source older than the build, leaves the file as it was, and copies 1235 rows in batches with 64-bit integers exact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-copy-old-'));
    try {
      const file = join(dir, 'svc.db');
      copyFileSync(sourceFile, file);
      const sqlite = new SQLite(file);
      sqlite.exec(
        "drop table automation_run_queue; delete from kysely_migration where name = '0510_automation_run_queue'",
      );
      // More rows than three inserts take, one with an integer past Number's exact range.
      const insert = sqlite.prepare(
        "insert into documents (id, collection, owner, visibility, created_at, updated_at, body) values (?, 'bulk', 'o', 'private', ?, ?, '{}')",
      );
      sqlite.transaction(() => {
        for (let index = 0; index < 1234; index++) insert.run(`bulk-${index}`, index, index);
        insert.run('bulk-huge', 9_007_199_254_740_993n, 0);
      })();
      sqlite.close();
      const target = await newSchema();
      const copy = await runCopy(['--from', file], { DATABASE_URL: target.databaseUrl });
      expect(copy.code).toBe(0);
      expect(copy.stdout).toContain(
        'migrated a temporary copy of the source first: 0510_automation_run_queue',
      );
      const counts = await countRows(target.databaseUrl);
      expect(counts.users).toBe(3);
      expect(copy.stdout).toMatch(new RegExp(`^ {2}documents +${counts.documents}$`, 'm'));
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      const bulk = await client.query(
        "select count(*)::int as n, max(created_at)::text as huge from documents where collection = 'bulk'",
      );
      await client.end();
      expect(bulk.rows[0]).toEqual({ n: 1235, huge: '9007199254740993' });
      const after = new SQLite(file, { readonly: true });
      const table = after.prepare("select name from sqlite_master where name = 'automation_run_queue'").get();
      after.close();
      expect(table).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits 1 with one line on bad arguments, a missing or foreign file and an unreachable database, never printing the password', async () => {
    const results = [
      await runCopy([]),
      await runCopy(['--from', sourceFile, '--to', 'mysql://root:hunter2secret@db/svc']),
      await runCopy(['--from', join(sourceDir, 'missing.db')], {
        DATABASE_URL: 'postgres://svc:hunter2secret@127.0.0.1:1/svc',
      }),
      await runCopy(['--from', sourceFile, '--to', 'postgres://svc:hunter2secret@127.0.0.1:1/svc']),
    ];
    const foreign = join(sourceDir, 'other.db');
    const other = new SQLite(foreign);
    other.exec('create table t (x)');
    other.close();
    results.push(
      await runCopy(['--from', foreign], { DATABASE_URL: 'postgres://svc:hunter2secret@127.0.0.1:1/svc' }),
    );
    expect(results.map((result) => result.code)).toEqual([1, 1, 1, 1, 1]);
    for (const result of results) {
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).not.toContain('hunter2secret');
      expect(result.stdout).toBe('');
    }
    expect(results[0]?.stderr).toContain('--from is required');
    expect(results[1]?.stderr).toContain('--to must be a postgres:// URL');
    expect(results[2]?.stderr).toContain('missing.db does not exist');
    expect(results[3]?.stderr).toContain(
      'Could not connect to PostgreSQL at postgres://svc:***@127.0.0.1:1/svc',
    );
    expect(results[4]?.stderr).toContain('not an svc one');
  }, 60_000);
});
