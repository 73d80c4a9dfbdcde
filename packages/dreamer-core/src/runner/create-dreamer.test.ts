import { describe, expect, it, vi } from 'vitest';
import { isDreamError } from '../errors.js';
import type { PipelineDefinition } from '../pipeline/types.js';
import { createManualClock } from '../testing/manual-clock.js';
import { createMemoryRunStore } from '../testing/memory-run-store.js';
import {
  createProviderError,
  createScriptedProviderRegistry,
  type ScriptedAnswer,
} from '../testing/scripted-provider-registry.js';
import { createDreamer } from './create-dreamer.js';
import { checkRunArguments } from './read-run-arguments.js';
import type { RunEvent } from './run-types.js';

const twoStages: PipelineDefinition = {
  name: 'two',
  version: '1',
  inputs: [{ name: 'topic', required: true }, { name: 'audience' }],
  stages: [
    {
      key: 'a',
      label: 'A',
      task: 'Ideas about {{input.topic}} for {{input.audience}}',
      outputFormat: 'text',
      retries: 2,
    },
    { key: 'b', label: 'B', task: 'Expand', outputFormat: 'markdown', priorOutputs: ['a'] },
  ],
};

let counter = 0;
function setup(answers: ScriptedAnswer[] = [], providers?: { provider: string; models: string[] }[]) {
  const registry = createScriptedProviderRegistry({ answers, ...(providers ? { providers } : {}) });
  const store = createMemoryRunStore();
  const dreamer = createDreamer({
    providers: registry,
    store,
    clock: createManualClock(),
    retryDelayMs: 0,
    createId: () => `run-${++counter}`,
  });
  return { registry, store, dreamer };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('createDreamer', () => {
  it('runs the default pipeline through the echo stub when no provider is listed', async () => {
    const { dreamer, registry } = setup([], []);
    const result = await dreamer.run({ topic: 'beekeeping' });
    expect(result.steps.map((step) => step.key)).toEqual([
      'idea',
      'expansion',
      'feasibility',
      'selection',
      'scaffold',
      'notes',
    ]);
    expect(result.steps[0]?.usage).toEqual({ inputTokens: 0, outputTokens: 0, stub: true });
    expect(result.usage).toMatchObject({ inputTokens: 0, outputTokens: 0, stub: true });
    expect(result.steps[0]?.text).toContain('beekeeping');
    expect(registry.calls).toHaveLength(0);
  });

  it('substitutes inputs, passes prior outputs and applies mode/depth modifiers', async () => {
    const { dreamer, registry } = setup(['first answer', 'second']);
    await dreamer.run({
      topic: 'tea',
      pipeline: twoStages,
      inputValues: { audience: 'students' },
      mode: 'wild',
      depth: 'deep',
    });
    const [first, second] = registry.calls;
    expect(first?.messages[1]?.content).toBe('Ideas about tea for students');
    expect(first?.messages[0]?.content).toContain('Mode: wild');
    expect(first?.messages[0]?.content).toContain('Depth: deep');
    expect(second?.messages[1]?.content).toContain('first answer');
    const plain = setup(['x', 'y']);
    await plain.dreamer.run({ topic: 'tea', pipeline: twoStages });
    expect(plain.registry.calls[0]?.messages[0]?.content).not.toContain('Mode: wild');
  });

  it('rejects an invalid pipeline with the validation errors', async () => {
    const { dreamer } = setup();
    const bad = {
      ...twoStages,
      stages: [{ ...twoStages.stages[0], priorOutputs: ['a'] }],
    } as PipelineDefinition;
    const error = await rejection(dreamer.run({ topic: 't', pipeline: bad }));
    expect(isDreamError(error, 'DREAM_INVALID_PIPELINE')).toBe(true);
    expect(isDreamError(error) && error.details).toEqual([
      expect.objectContaining({ code: 'DREAM_SELF_REFERENCE' }),
    ]);
  });

  it('retries on 503, 429 and network errors', async () => {
    const { dreamer, registry } = setup([
      { error: createProviderError('busy', { status: 503 }) },
      { error: createProviderError('slow down', { status: 429 }) },
      'ok',
      { error: createProviderError('ECONNRESET', { retryable: true }) },
      'ok b',
    ]);
    const result = await dreamer.run({ topic: 't', pipeline: twoStages });
    expect(result.steps.map((step) => step.attempts)).toEqual([3, 2]);
    expect(registry.calls).toHaveLength(5);
  });

  it("waits as long as the provider's retryAfterMs asks before the next attempt", async () => {
    vi.useFakeTimers();
    try {
      const registry = createScriptedProviderRegistry({
        answers: [
          { error: createProviderError('slow down', { status: 429, retryAfterMs: 120 }) },
          'ok',
          'ok b',
        ],
      });
      const dreamer = createDreamer({ providers: registry, clock: createManualClock(), retryDelayMs: 0 });
      const running = dreamer.run({ topic: 't', pipeline: twoStages });
      await vi.advanceTimersByTimeAsync(119);
      expect(registry.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(registry.calls.length).toBeGreaterThanOrEqual(2);
      expect((await running).steps[0]?.attempts).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry on 400 and records the error', async () => {
    const { dreamer, registry, store } = setup([
      { error: createProviderError('bad request', { status: 400 }) },
    ]);
    const events: RunEvent[] = [];
    const error = await rejection(
      dreamer.run({ topic: 't', pipeline: twoStages }, { onEvent: (event) => events.push(event) }),
    );
    expect(isDreamError(error, 'DREAM_PROVIDER_FAILED')).toBe(true);
    expect(registry.calls).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'DREAM_PROVIDER_FAILED', stage: 'a' });
    expect((await store.list())[0]).toMatchObject({ status: 'error', error: { stage: 'a' } });
  });

  it('gives up after the configured retries', async () => {
    const failing = { error: createProviderError('busy', { status: 500 }) };
    const { dreamer, registry } = setup([failing, failing, failing, failing]);
    await expect(dreamer.run({ topic: 't', pipeline: twoStages })).rejects.toMatchObject({
      code: 'DREAM_PROVIDER_FAILED',
    });
    expect(registry.calls).toHaveLength(3);
  });

  it('times out a stage', async () => {
    const pipeline: PipelineDefinition = {
      ...twoStages,
      stages: [{ ...twoStages.stages[0], timeoutMs: 20 }],
    } as PipelineDefinition;
    const { dreamer } = setup([{ hang: true }]);
    await expect(dreamer.run({ topic: 't', pipeline })).rejects.toMatchObject({ code: 'DREAM_TIMEOUT' });
  });

  it('applies the dreamer-wide stage timeout to stages that set none', async () => {
    const registry = createScriptedProviderRegistry({ answers: [{ hang: true }] });
    const dreamer = createDreamer({ providers: registry, clock: createManualClock(), stageTimeoutMs: 20 });
    const pipeline = { ...twoStages, stages: [{ ...twoStages.stages[0], retries: 0 }] } as PipelineDefinition;
    await expect(dreamer.run({ topic: 't', pipeline })).rejects.toMatchObject({
      code: 'DREAM_TIMEOUT',
      message: expect.stringContaining('20 ms'),
    });
    expect(() =>
      createDreamer({ providers: registry, clock: createManualClock(), stageTimeoutMs: 0 }),
    ).toThrow('stageTimeoutMs');
  });

  it('aborts without retrying, keeps completed stages and ends aborted', async () => {
    const controller = new AbortController();
    const { dreamer, registry, store } = setup([
      'done a',
      (request) => {
        controller.abort();
        return Promise.reject(
          Object.assign(new Error('aborted'), { retryable: true, signal: request.signal }),
        );
      },
    ]);
    const error = await rejection(
      dreamer.run({ topic: 't', pipeline: twoStages }, { signal: controller.signal }),
    );
    expect(isDreamError(error, 'DREAM_ABORTED')).toBe(true);
    expect(registry.calls).toHaveLength(2);
    const [record] = store.list();
    expect(record?.status).toBe('aborted');
    expect(record?.outputs).toEqual({ a: 'done a' });
  });

  it('parses json output and checks it against the schema', async () => {
    const pipeline: PipelineDefinition = {
      name: 'j',
      version: '1',
      stages: [
        {
          key: 'pick',
          label: 'Pick',
          task: 'pick',
          outputFormat: 'json',
          schema: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' }, score: { type: 'integer' } },
          },
        },
      ],
    };
    const good = setup(['{"name":"x","score":3}']);
    expect((await good.dreamer.run({ topic: 't', pipeline })).outputs.pick).toEqual({ name: 'x', score: 3 });
    await expect(setup(['{"score":1.5}']).dreamer.run({ topic: 't', pipeline })).rejects.toMatchObject({
      code: 'DREAM_OUTPUT_INVALID',
      details: ['/name is required', '/score should be integer, got number'],
    });
    await expect(setup(['not json']).dreamer.run({ topic: 't', pipeline })).rejects.toMatchObject({
      code: 'DREAM_OUTPUT_INVALID',
    });
  });

  it('reports usage per stage and per run, estimating when omitted', async () => {
    const { dreamer } = setup([{ text: 'a', usage: { inputTokens: 10, outputTokens: 5 } }, 'eight ch']);
    const result = await dreamer.run({ topic: 't', pipeline: twoStages });
    expect(result.usage.stages.a).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(result.usage.stages.b).toMatchObject({ outputTokens: 2, estimated: true });
    expect(result.usage.inputTokens).toBe(10 + (result.usage.stages.b?.inputTokens ?? 0));
    expect(result.usage.estimated).toBe(true);
    expect(result.usage.stub).toBe(false);
  });

  it('emits events in order and checkpoints the store after every stage', async () => {
    const { dreamer, store } = setup(['one', 'two']);
    const seen: string[] = [];
    await dreamer.run(
      { topic: 't', pipeline: twoStages },
      {
        onEvent: (event) => {
          const stored = store.list()[0];
          seen.push(`${event.type}:${stored?.steps.length}:${stored?.status}`);
        },
      },
    );
    expect(seen).toEqual([
      'start:0:running',
      'stage_start:0:running',
      'stage_done:1:running',
      'stage_start:1:running',
      'stage_done:2:running',
      'done:2:done',
    ]);
    expect(store.list()[0]?.models.a).toMatchObject({ provider: 'scripted', source: 'auto' });
  });

  it('resumes after the last completed stage without calling the provider for it', async () => {
    const { dreamer, registry, store } = setup([
      'kept a',
      { error: createProviderError('no', { status: 401 }) },
      'b again',
    ]);
    await expect(dreamer.run({ topic: 't', pipeline: twoStages })).rejects.toBeDefined();
    const [failed] = store.list();
    const events: RunEvent[] = [];
    const result = await dreamer.run(
      { resumeFrom: failed?.id ?? '' },
      { onEvent: (event) => events.push(event) },
    );
    expect(events[0]).toMatchObject({ type: 'start', stages: ['a', 'b'], completed: ['a'] });
    expect(events.filter((event) => event.type === 'stage_start')).toHaveLength(1);
    expect(registry.calls).toHaveLength(3);
    expect(registry.calls[2]?.messages[1]?.content).toContain('kept a');
    expect(result.outputs).toEqual({ a: 'kept a', b: 'b again' });
    expect(store.list()[0]).toMatchObject({ status: 'done', resumes: 1 });
    expect(store.list()[0]?.error).toBeUndefined();
    await expect(dreamer.run({ resumeFrom: failed?.id ?? '' })).rejects.toMatchObject({
      code: 'DREAM_RUN_NOT_RESUMABLE',
      details: { status: 'done' },
    });
    await expect(dreamer.run({ topic: 't', resumeFrom: 'nope' })).rejects.toMatchObject({
      code: 'DREAM_RUN_NOT_FOUND',
    });
  });

  it('keeps the stored topic, pipeline and settings on resume and lets only the models change', async () => {
    const providers = [
      { provider: 'p1', models: ['m1'] },
      { provider: 'p2', models: ['m2'] },
    ];
    const { dreamer, registry, store } = setup(
      ['kept a', { error: createProviderError('down', { status: 503 }) }],
      providers,
    );
    const pipeline = { ...twoStages, stages: twoStages.stages.map((stage) => ({ ...stage, retries: 0 })) };
    await expect(
      dreamer.run({ topic: 'tea', pipeline, mode: 'wild', inputValues: { audience: 'cooks' } }),
    ).rejects.toMatchObject({ code: 'DREAM_PROVIDER_FAILED', message: expect.stringContaining('down') });
    const runId = store.list()[0]?.id ?? '';
    for (const clash of [
      { topic: 'coffee' },
      { mode: 'standard' as const },
      { pipeline },
      { inputValues: { audience: 'x' } },
    ]) {
      await expect(dreamer.run({ resumeFrom: runId, ...clash })).rejects.toMatchObject({
        code: 'DREAM_INVALID_ARGUMENTS',
      });
    }
    expect(store.list()[0]?.status).toBe('error');
    const result = await dreamer.run({
      resumeFrom: runId,
      topic: 'tea',
      stageModels: { b: { provider: 'p2' } },
    });
    expect(result.models).toEqual({
      a: { provider: 'p1', model: 'm1', source: 'auto' },
      b: { provider: 'p2', model: 'm2', source: 'stage-models' },
    });
    const last = registry.calls.at(-1);
    expect(last?.messages[0]?.content).toContain('Mode: wild');
    expect(store.list()[0]?.settings).toMatchObject({ mode: 'wild', stageModels: { b: { provider: 'p2' } } });
  });

  it('lets only one of two concurrent resumes of a run proceed', async () => {
    const { dreamer, store } = setup([{ error: createProviderError('no', { status: 400 }) }]);
    await expect(dreamer.run({ topic: 't', pipeline: twoStages })).rejects.toBeDefined();
    const runId = store.list()[0]?.id ?? '';
    const outcomes = await Promise.allSettled([
      dreamer.run({ resumeFrom: runId }),
      dreamer.run({ resumeFrom: runId }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'DREAM_RUN_NOT_RESUMABLE',
    });
  });

  it('refuses malformed arguments before anything is stored', async () => {
    const { dreamer, store } = setup();
    const cases: unknown[] = [
      null,
      {},
      { topic: '   ' },
      { topic: 't', depth: 'deeper' },
      { topic: 't', mode: 1 },
      { topic: 't', stageModels: { idea: '' } },
      { topic: 't', stageModels: { idea: 42 } },
      { topic: 't', inputValues: { audience: 3 } },
      { topic: 't', colour: 'red' },
      { topic: 't', pipeline: 'default' },
    ];
    for (const input of cases) {
      await expect(dreamer.run(input as never)).rejects.toMatchObject({
        code: 'DREAM_INVALID_ARGUMENTS',
        details: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]),
      });
    }
    expect(store.list()).toHaveLength(0);
  });

  it("checks arguments and a new run's pipeline without running, as run() would", () => {
    expect(checkRunArguments({ topic: 'tea', pipeline: twoStages })).toMatchObject({ topic: 'tea' });
    expect(() => checkRunArguments({ topic: 'tea', depth: 'x' })).toThrow(
      expect.objectContaining({ code: 'DREAM_INVALID_ARGUMENTS' }),
    );
    const required = { ...twoStages, inputs: [{ name: 'audience', required: true }] };
    expect(() => checkRunArguments({ topic: 'tea', pipeline: required })).toThrow(
      expect.objectContaining({ code: 'DREAM_INVALID_PIPELINE' }),
    );
    expect(checkRunArguments({ resumeFrom: 'run-1' })).toEqual({ resumeFrom: 'run-1' });
  });

  it('turns a store failure into DREAM_STORE_FAILED and still reports the error', async () => {
    const { registry } = setup();
    const store = createMemoryRunStore();
    const broken = { ...store, update: () => Promise.reject(new Error('disk full')) };
    const dreamer = createDreamer({ providers: registry, store: broken, clock: createManualClock() });
    const events: RunEvent[] = [];
    await expect(
      dreamer.run({ topic: 't', pipeline: twoStages }, { onEvent: (event) => events.push(event) }),
    ).rejects.toMatchObject({ code: 'DREAM_STORE_FAILED' });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'DREAM_STORE_FAILED', stage: 'a' });
  });

  it('stamps its runnerId on records and keeps a waiting run fresh with heartbeats', async () => {
    vi.useFakeTimers();
    try {
      const clock = createManualClock();
      const store = createMemoryRunStore();
      const registry = createScriptedProviderRegistry({ answers: [{ hang: true }] });
      const controller = new AbortController();
      const dreamer = createDreamer({
        providers: registry,
        store,
        clock,
        runnerId: 'host-a',
        heartbeatMs: 1_000,
      });
      const pipeline = { ...twoStages, stages: [{ ...twoStages.stages[0], retries: 0, timeoutMs: 60_000 }] };
      const running = dreamer
        .run({ topic: 't', pipeline } as never, { signal: controller.signal })
        .catch((error) => error);
      await vi.advanceTimersByTimeAsync(0);
      const [created] = store.list();
      expect(created).toMatchObject({ runner: 'host-a', status: 'running' });
      clock.advance(5_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(store.list()[0]?.updatedAt).not.toBe(created?.updatedAt);
      expect(await dreamer.recoverStaleRuns({ idleSince: new Date(clock.now().getTime() - 2_000) })).toBe(0);
      expect(await dreamer.recoverStaleRuns({ runner: 'host-a' })).toBe(1);
      controller.abort();
      await running;
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks records left running as error', async () => {
    const { dreamer, store } = setup();
    const now = new Date().toISOString();
    await store.create({
      id: 'dead',
      status: 'running',
      topic: 't',
      pipeline: twoStages,
      settings: { depth: 'standard', mode: 'standard', inputValues: { topic: 't' } },
      steps: [],
      outputs: {},
      usage: { inputTokens: 0, outputTokens: 0, estimated: false, stages: {} },
      models: {},
      createdAt: now,
      updatedAt: now,
    });
    expect(await dreamer.recoverStaleRuns()).toBe(1);
    expect((await store.get('dead'))?.status).toBe('error');
    expect(await dreamer.recoverStaleRuns()).toBe(0);
  });
});
