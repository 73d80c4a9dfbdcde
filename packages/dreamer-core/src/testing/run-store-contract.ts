import { isDreamError } from '../errors.js';
import { DEFAULT_PIPELINE } from '../pipeline/default-pipeline.js';
import { type RunStore, STALE_RUN_ERROR } from '../ports/run-store.js';
import type { RunRecord } from '../runner/run-types.js';

/** The test functions of a runner such as vitest or node:test (`describe`, `it`). */
export interface ContractTestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
}

/** Options of {@link describeRunStoreContract}. */
export interface RunStoreContractOptions extends ContractTestApi {
  /** Shown in the suite's name, e.g. `'sqlite'`. */
  name: string;
  /** A fresh, empty store per test; `dispose` (optional) runs after the test. */
  createStore(): Promise<{ store: RunStore; dispose?: () => Promise<void> }>;
}

/**
 * A run record for tests: a `running` run of the default pipeline with no steps yet.
 *
 * @example
 * ```ts
 * await store.create(createSampleRunRecord('r1', { status: 'error' }));
 * ```
 */
export function createSampleRunRecord(id: string, overrides: Partial<RunRecord> = {}): RunRecord {
  const now = '2026-01-02T03:04:05.000Z';
  return {
    id,
    status: 'running',
    topic: 'Tools for beekeepers — ünïcödé ✓',
    pipeline: DEFAULT_PIPELINE,
    settings: { depth: 'standard', mode: 'wild', inputValues: { topic: 'Tools for beekeepers' } },
    steps: [],
    outputs: {},
    usage: { inputTokens: 0, outputTokens: 0, estimated: false, stages: {} },
    models: {},
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

function assertEqual(actual: unknown, expected: unknown, what: string): void {
  const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, inner: unknown) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    );
  if (canonical(actual) !== canonical(expected)) {
    throw new Error(`${what}: expected ${canonical(expected)}, got ${canonical(actual)}`);
  }
}

const step = {
  key: 'idea',
  label: 'Idea',
  output: { ideas: [{ name: 'Hive scale', score: 4 }] },
  text: '{"ideas":[{"name":"Hive scale","score":4}]}',
  model: { provider: 'openai', model: 'gpt-x', source: 'auto' as const },
  usage: { inputTokens: 12, outputTokens: 34 },
  attempts: 1,
  startedAt: '2026-01-02T03:04:06.000Z',
  finishedAt: '2026-01-02T03:04:07.000Z',
};

/**
 * The {@link RunStore} contract as a test suite; every store adapter runs it.
 *
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * describeRunStoreContract({ name: 'memory', describe, it, createStore: async () => ({ store: createMemoryRunStore() }) });
 * ```
 */
export function describeRunStoreContract(options: RunStoreContractOptions): void {
  const { describe, it } = options;
  const test = (name: string, body: (store: RunStore) => Promise<void>): void =>
    it(name, async () => {
      const { store, dispose } = await options.createStore();
      try {
        await body(store);
      } finally {
        await dispose?.();
      }
    });

  describe(`RunStore contract: ${options.name}`, () => {
    test('creates and reads back a record unchanged; an unknown id reads undefined', async (store) => {
      const record = createSampleRunRecord('run-a');
      assertEqual(await store.create(record), record, 'create');
      assertEqual(await store.get('run-a'), record, 'get');
      assertEqual(await store.get('run-missing'), undefined, 'get unknown');
    });

    test('merges an update shallowly and removes fields patched to undefined', async (store) => {
      await store.create(
        createSampleRunRecord('run-b', { status: 'error', error: { code: 'X', message: 'm' } }),
      );
      const patch = {
        steps: [step],
        outputs: { idea: step.output },
        usage: { inputTokens: 12, outputTokens: 34, estimated: false, stages: { idea: step.usage } },
        models: { idea: step.model },
        error: undefined,
        updatedAt: '2026-01-02T03:04:08.000Z',
      };
      const expected = { ...createSampleRunRecord('run-b', { status: 'error' }), ...patch };
      delete (expected as Partial<RunRecord>).error;
      assertEqual(await store.update('run-b', patch), expected, 'update result');
      assertEqual(await store.get('run-b'), expected, 'stored after update');
    });

    test('refuses to update an unknown run with DREAM_RUN_NOT_FOUND', async (store) => {
      const outcome = await store.update('run-missing', { status: 'done' }).then(
        () => 'resolved',
        (error: unknown) => (isDreamError(error, 'DREAM_RUN_NOT_FOUND') ? 'not-found' : String(error)),
      );
      assertEqual(outcome, 'not-found', 'update unknown');
    });

    test('hands out copies: changing a returned record changes nothing stored', async (store) => {
      const created = await store.create(createSampleRunRecord('run-c'));
      created.steps.push(step);
      const read = await store.get('run-c');
      if (read) read.outputs.idea = 'changed';
      assertEqual(await store.get('run-c'), createSampleRunRecord('run-c'), 'after mutation');
    });

    test('reopens only error and aborted runs, once, counting resumes', async (store) => {
      await store.create(
        createSampleRunRecord('run-e', { status: 'error', error: { code: 'X', message: 'm' } }),
      );
      await store.create(createSampleRunRecord('run-r'));
      await store.create(createSampleRunRecord('run-d', { status: 'done' }));
      const at = '2026-01-02T04:00:00.000Z';
      const reopened = await store.reopen('run-e', at);
      assertEqual(reopened, { ...createSampleRunRecord('run-e'), resumes: 1, updatedAt: at }, 'reopened');
      assertEqual(await store.get('run-e'), reopened, 'stored after reopen');
      for (const id of ['run-e', 'run-r', 'run-d', 'run-missing']) {
        assertEqual(await store.reopen(id, at), undefined, `reopen ${id}`);
      }
      await store.update('run-e', { status: 'aborted' });
      assertEqual((await store.reopen('run-e', at))?.resumes, 2, 'second resume');
    });

    test('lets exactly one of two concurrent reopens of a run proceed', async (store) => {
      await store.create(createSampleRunRecord('run-x', { status: 'aborted' }));
      const at = '2026-01-02T04:00:00.000Z';
      const results = await Promise.all([store.reopen('run-x', at), store.reopen('run-x', at)]);
      assertEqual(results.filter((result) => result !== undefined).length, 1, 'winners');
    });

    test('marks every running record as a stale error and leaves the others', async (store) => {
      await store.create(createSampleRunRecord('run-1'));
      await store.create(createSampleRunRecord('run-2'));
      await store.create(createSampleRunRecord('run-3', { status: 'done' }));
      const now = new Date('2026-01-03T00:00:00.000Z');
      assertEqual(await store.markStaleRunning(now), 2, 'marked');
      assertEqual(
        await store.get('run-1'),
        createSampleRunRecord('run-1', {
          status: 'error',
          error: { ...STALE_RUN_ERROR },
          updatedAt: now.toISOString(),
        }),
        'stale record',
      );
      assertEqual((await store.get('run-3'))?.status, 'done', 'done record');
      assertEqual(await store.markStaleRunning(now), 0, 'second pass');
    });

    test('with a filter, marks only the runs of that runner or silent since idleSince', async (store) => {
      const early = '2026-01-02T03:00:00.000Z';
      const late = '2026-01-02T03:30:00.000Z';
      await store.create(createSampleRunRecord('run-dead', { runner: 'host-a', updatedAt: late }));
      await store.create(createSampleRunRecord('run-alive', { runner: 'host-b', updatedAt: late }));
      await store.create(createSampleRunRecord('run-silent', { runner: 'host-b', updatedAt: early }));
      await store.create(
        createSampleRunRecord('run-done', { runner: 'host-a', status: 'done', updatedAt: early }),
      );
      const now = new Date('2026-01-02T03:31:00.000Z');
      const marked = await store.markStaleRunning(now, {
        runner: 'host-a',
        idleSince: new Date('2026-01-02T03:15:00.000Z'),
      });
      assertEqual(marked, 2, 'marked');
      assertEqual((await store.get('run-dead'))?.status, 'error', 'run of the dead runner');
      assertEqual((await store.get('run-silent'))?.status, 'error', 'silent run');
      assertEqual((await store.get('run-alive'))?.status, 'running', 'live run');
      assertEqual((await store.get('run-done'))?.status, 'done', 'finished run');
      assertEqual((await store.get('run-alive'))?.runner, 'host-b', 'runner kept');
    });
  });
}
