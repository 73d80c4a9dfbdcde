import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunEvent, RunResult } from '@svc/dreamer-core';
import { postServerSentEvents } from '@svc/dreamer-core/client';
import { createSampleRunRecord } from '@svc/dreamer-core/testing';
import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { migrateToLatest } from '../app/server-migrations.js';
import { loadConfig } from '../config/server-config.js';
import { ADMIN, FIXTURE_ENV, logIn } from '../testing/access-test-fixtures.js';
import { createMember, modelEnv, readRun } from '../testing/dreamer-test-helpers.js';
import { startFakeModelServer } from '../testing/fake-model-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createKyselyRunStore } from './kysely-run-store.js';

describe.each(testDatabaseTargets())('dreamer runs across restarts and over MCP on $name', (target) => {
  async function startServer(database: Awaited<ReturnType<typeof target.open>>, env: Record<string, string>) {
    const config = loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...FIXTURE_ENV, ...env });
    const app = await buildServer({
      config,
      database,
      mailer: createMemoryMailer(),
      clock: createManualClock(Date.now()),
    });
    await app.ready();
    return app;
  }

  it("marks runs a dead process left running as errored at start, sparing other instances' live runs", async () => {
    const database = await target.open();
    try {
      await migrateToLatest(database.db);
      const store = createKyselyRunStore({ db: database.db, owner: 'someone' });
      const fresh = new Date().toISOString();
      await store.create(createSampleRunRecord('left-running'));
      await store.create(createSampleRunRecord('finished', { status: 'done' }));
      // This instance's previous incarnation: stale at once, however recent its last heartbeat.
      await store.create(createSampleRunRecord('mine', { runner: 'web-1', updatedAt: fresh }));
      // Another instance's run with a fresh heartbeat: alive, left alone.
      await store.create(createSampleRunRecord('theirs', { runner: 'web-2', updatedAt: fresh }));
      const app = await startServer(database, { SVC_INSTANCE_ID: 'web-1' });
      try {
        expect(await store.get('left-running')).toMatchObject({
          status: 'error',
          error: { code: 'DREAM_STALE_RUN' },
        });
        expect((await store.get('mine'))?.status).toBe('error');
        expect((await store.get('theirs'))?.status).toBe('running');
        expect((await store.get('finished'))?.status).toBe('done');
      } finally {
        await app.close();
      }
    } finally {
      await database.destroy();
    }
  });

  it('aborts runs in flight when the server shuts down, leaving them resumable', async () => {
    const models = await startFakeModelServer();
    const database = await target.open();
    try {
      const app = await startServer(database, modelEnv(models));
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const admin = await logIn(app, ADMIN.email, ADMIN.password);
      const member = await createMember(app, admin, 'PRO');
      models.enqueue({ text: 'first' }, { hang: true });
      const events: RunEvent[] = [];
      const reading = (async () => {
        const stream = postServerSentEvents(`${base}/api/dreamer/run/stream`, {
          body: { topic: 'harbours' },
          headers: { cookie: member.cookie },
        });
        for await (const message of stream) events.push(JSON.parse(message.data) as RunEvent);
      })();
      await models.waitForRequests(2);
      await app.close();
      await reading;
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'DREAM_ABORTED', stage: 'expansion' });
      const store = createKyselyRunStore({ db: database.db, owner: member.id });
      expect(await store.get(events[0]?.runId ?? '')).toMatchObject({
        status: 'aborted',
        outputs: { idea: 'first' },
      });
    } finally {
      await database.destroy();
      await models.close();
    }
  });

  it('offers the dream tool to MCP clients, with the membership rule and progress per stage', async () => {
    const models = await startFakeModelServer();
    const database = await target.open();
    const client = new Client(
      { name: 'svc-test', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    try {
      const app = await startServer(database, { ...modelEnv(models), MODEL_STREAMING: 'false' });
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const admin = await logIn(app, ADMIN.email, ADMIN.password);
      const member = await createMember(app, admin, 'PRO');
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', base), {
          requestInit: { headers: { cookie: member.cookie } },
        }),
      );
      const progress: number[] = [];
      const result = (await client.callTool(
        { name: 'dream', arguments: { topic: 'night markets', mode: 'wild' } },
        { onprogress: (update: { progress: number }) => progress.push(update.progress) },
      )) as { isError?: boolean; content: { type: string; text: string }[] };
      expect(result.isError).toBeFalsy();
      const run = JSON.parse(result.content[0]?.text ?? '{}') as RunResult;
      expect(Object.keys(run.outputs)).toEqual([
        'idea',
        'expansion',
        'feasibility',
        'selection',
        'scaffold',
        'notes',
      ]);
      expect(await readRun(app, member.cookie, run.runId)).toMatchObject({ status: 'done' });
      expect(progress).toEqual([1, 2, 3, 4, 5, 6]);

      const starter = await createMember(app, admin, 'STARTER');
      const other = new Client(
        { name: 'svc-test', version: '1.0.0' },
        { versionNegotiation: { mode: 'legacy' } },
      );
      await other.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', base), {
          requestInit: { headers: { cookie: starter.cookie } },
        }),
      );
      const refused = (await other.callTool({ name: 'dream', arguments: { topic: 'x' } })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      expect(refused.isError).toBe(true);
      expect(JSON.parse(refused.content[0]?.text ?? '{}').error.code).toBe('GATE_MEMBERSHIP_REQUIRED');
      await other.close();
      await client.close();
      await app.close();
    } finally {
      await database.destroy();
      await models.close();
    }
  });
});
