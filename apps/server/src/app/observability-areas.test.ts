import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  exportBook,
  openSharedState,
  type SharedState,
  saveBook,
  savePage,
  startActivityServer,
  waitForFile,
} from '../testing/activity-test-helpers.js';
import { userWith } from '../testing/capability-test-helpers.js';
import { modelEnv } from '../testing/dreamer-test-helpers.js';
import { type FakeModelServer, startFakeModelServer } from '../testing/fake-model-server.js';
import { runScriptAs } from '../testing/lmx-test-helpers.js';
import { sample } from '../testing/metrics-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

const TOKEN = 'metrics-token-for-area-tests-0123456789';

const scrape = async (app: FastifyInstance): Promise<string> => {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe.each(testDatabaseTargets())(
  'metrics of the areas on $name: exports, scripts, model calls',
  (target) => {
    let state: SharedState;
    let models: FakeModelServer;
    let server: ActivityTestServer;
    let alice: SignedInUser;
    beforeAll(async () => {
      state = await openSharedState(target);
      models = await startFakeModelServer();
      server = await startActivityServer(state, {}, undefined, {
        SVC_METRICS_TOKEN: TOKEN,
        ...modelEnv(models),
      });
      alice = await signUp(server.app, 'alice-metrics@example.com');
    });
    afterAll(async () => {
      await server?.close();
      await models?.close();
      await state?.destroy();
    });

    it('counts a finished export, its duration, and reads the queue depth', async () => {
      const pages = [
        await savePage(server.app, alice, 'sudoku', 1),
        await savePage(server.app, alice, 'maze', 2),
      ];
      const bookId = await saveBook(server.app, alice, pages);
      expect(sample(await scrape(server.app), 'svc_export_jobs_total', { status: 'done' })).toBeUndefined();
      expect((await exportBook(server.app, alice, bookId)).statusCode).toBe(202);
      expect((await waitForFile(server.app, alice, bookId)).statusCode).toBe(200);
      await expect
        .poll(async () =>
          sample(await scrape(server.app), 'svc_export_job_duration_seconds_count', { status: 'done' }),
        )
        .toBe(1);
      const text = await scrape(server.app);
      expect(sample(text, 'svc_export_jobs_total', { status: 'done' })).toBe(1);
      expect(sample(text, 'svc_export_queue_depth', { status: 'queued' })).toBe(0);
      expect(sample(text, 'svc_export_queue_depth', { status: 'running' })).toBe(0);
    });

    it('counts a script run by mode and outcome', async () => {
      const run = await runScriptAs(server.app, alice.cookie, { mode: 'lmx', source: 'print 1' });
      expect(run.status).toBe(200);
      const text = await scrape(server.app);
      expect(
        sample(text, 'svc_script_runs_total', { mode: 'lmx', outcome: run.body.ok ? 'ok' : 'script_error' }),
      ).toBe(1);
      expect(sample(text, 'svc_script_run_duration_seconds_count', { mode: 'lmx' })).toBe(1);
    });

    it('counts a model call and the tokens the provider reported', async () => {
      models.enqueue({ text: 'a short answer', usage: { input: 17, output: 5 } });
      const outcome = await server.app.capabilities.invoke(
        'llm.chat',
        { messages: [{ role: 'user', content: 'Say something short.' }] },
        { user: userWith(alice.id, ['member']), surface: 'internal' },
      );
      if (!outcome.ok) throw new Error(outcome.error.message);
      const { provider, model } = outcome.result as { provider: string; model: string };
      const text = await scrape(server.app);
      expect(sample(text, 'svc_model_calls_total', { provider, model, outcome: 'ok' })).toBe(1);
      expect(sample(text, 'svc_model_tokens_total', { provider, model, direction: 'input' })).toBe(17);
      expect(sample(text, 'svc_model_tokens_total', { provider, model, direction: 'output' })).toBe(5);
      expect(sample(text, 'svc_model_call_duration_seconds_count', { provider, model })).toBe(1);
      expect(
        sample(text, 'svc_capability_invocations_total', {
          capability: 'llm.chat',
          surface: 'internal',
          outcome: 'ok',
        }),
      ).toBe(1);
    });

    it('counts the streamed model calls of an ideation run, with the usage of each stream', async () => {
      const before = await scrape(server.app);
      const answers = Array.from({ length: 6 }, (_, index) => ({
        text: `stage answer ${index}`,
        usage: { input: 10, output: 3 },
      }));
      models.enqueue(...answers);
      const outcome = await server.app.capabilities.invoke(
        'dreamer.dream',
        { topic: 'tide pools', provider: 'openai', model: 'gpt-test-2' },
        { user: userWith(alice.id, ['member'], ['intelligence']), surface: 'internal' },
      );
      if (!outcome.ok) throw new Error(outcome.error.message);
      const steps = (outcome.result as { steps: unknown[] }).steps.length;
      expect(steps).toBeGreaterThan(0);
      const labels = { provider: 'openai', model: 'gpt-test-2' };
      const text = await scrape(server.app);
      // The runner reads streams (stream(), not complete()): each counts once, with its usage.
      expect(sample(before, 'svc_model_calls_total', { ...labels, outcome: 'ok' })).toBeUndefined();
      expect(sample(text, 'svc_model_calls_total', { ...labels, outcome: 'ok' })).toBe(steps);
      expect(sample(text, 'svc_model_tokens_total', { ...labels, direction: 'input' })).toBe(10 * steps);
      expect(sample(text, 'svc_model_tokens_total', { ...labels, direction: 'output' })).toBe(3 * steps);
      expect(sample(text, 'svc_model_call_duration_seconds_count', labels)).toBe(steps);
    });
  },
);
