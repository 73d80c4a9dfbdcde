import { describe, expect, it } from 'vitest';
import type { PipelineDefinition } from '../pipeline/types.js';
import type { CompletionRequest } from '../ports/provider-registry.js';
import { createManualClock } from '../testing/manual-clock.js';
import { createMemoryRunStore } from '../testing/memory-run-store.js';
import {
  createProviderError,
  createScriptedProviderRegistry,
  type ScriptedAnswer,
} from '../testing/scripted-provider-registry.js';
import { createDreamer } from './create-dreamer.js';
import type { RunEvent } from './run-types.js';

const pipeline: PipelineDefinition = {
  name: 'streamed',
  version: '1',
  inputs: [{ name: 'topic', required: true }],
  stages: [
    { key: 'a', label: 'A', task: 'Ideas about {{input.topic}}', outputFormat: 'markdown', retries: 1 },
    { key: 'b', label: 'B', task: 'Expand', outputFormat: 'text', priorOutputs: ['a'] },
  ],
};

function setup(answers: ScriptedAnswer[], clockStepMs = 0) {
  const registry = createScriptedProviderRegistry({
    providers: [{ provider: 'local', models: ['m1'] }],
    answers,
    streaming: true,
  });
  const clock = createManualClock();
  const store = createMemoryRunStore();
  // The clock moves on every completion request, so a stage's duration is known exactly.
  const providers = {
    ...registry,
    stream(request: CompletionRequest) {
      clock.advance(clockStepMs);
      return registry.stream?.(request) ?? (async function* () {})();
    },
  };
  const dreamer = createDreamer({ providers, store, clock, retryDelayMs: 0 });
  return { registry, dreamer, store };
}

describe('a run over a streaming provider', () => {
  it('emits stage_delta events between stage_start and stage_done, joining them into the output', async () => {
    const { dreamer } = setup(['Hive **scale** ideas', 'Expanded']);
    const events: RunEvent[] = [];
    const result = await dreamer.run({ topic: 'bees', pipeline }, { onEvent: (event) => events.push(event) });
    const deltas = events.filter((event) => event.type === 'stage_delta');
    expect(deltas.filter((event) => event.key === 'a').map((event) => event.text)).toEqual([
      'Hive ',
      '**scale** ',
      'ideas',
    ]);
    expect(deltas.every((event) => event.attempt === 1 && event.runId === result.runId)).toBe(true);
    expect(events.map((event) => event.type)).toEqual([
      'start',
      'stage_start',
      'stage_delta',
      'stage_delta',
      'stage_delta',
      'stage_done',
      'stage_start',
      'stage_delta',
      'stage_done',
      'done',
    ]);
    expect(result.outputs.a).toBe('Hive **scale** ideas');
    expect(result.steps[1]?.text).toBe('Expanded');
  });

  it('records usage from the done chunk and each step’s duration', async () => {
    const { dreamer, store } = setup(
      [
        {
          chunks: [
            { type: 'delta', text: 'one' },
            { type: 'done', usage: { inputTokens: 11, outputTokens: 3 } },
          ],
        },
        {
          chunks: [
            { type: 'delta', text: 'partial' },
            { type: 'done', text: 'whole answer' },
          ],
        },
      ],
      1500,
    );
    const result = await dreamer.run({ topic: 'bees', pipeline });
    expect(result.steps[0]?.usage).toEqual({ inputTokens: 11, outputTokens: 3 });
    expect(result.steps[0]?.durationMs).toBe(1500);
    expect(result.steps[1]?.text).toBe('whole answer');
    expect(result.steps[1]?.usage.estimated).toBe(true);
    const record = await store.get(result.runId);
    expect(record?.steps.map((step) => step.durationMs)).toEqual([1500, 1500]);
  });

  it('numbers the attempts of a retried stage so a reader can drop the first attempt’s text', async () => {
    const { dreamer } = setup([
      {
        chunks: [{ type: 'delta', text: 'lost ' }],
        error: createProviderError('broke off', { retryable: true }),
      },
      'kept',
      'b',
    ]);
    const events: RunEvent[] = [];
    const result = await dreamer.run({ topic: 'bees', pipeline }, { onEvent: (event) => events.push(event) });
    const deltas = events.filter((event) => event.type === 'stage_delta' && event.key === 'a');
    expect(deltas.map((event) => (event.type === 'stage_delta' ? [event.attempt, event.text] : []))).toEqual([
      [1, 'lost '],
      [2, 'kept'],
    ]);
    expect(result.outputs.a).toBe('kept');
    expect(result.steps[0]?.attempts).toBe(2);
  });

  it('drops text a provider still yields after the run was aborted, and ends aborted', async () => {
    const controller = new AbortController();
    const providers = {
      list: () => [{ provider: 'local', models: ['m1'] }],
      complete: () => Promise.reject(new Error('not used')),
      async *stream() {
        yield { type: 'delta' as const, text: 'first ' };
        controller.abort();
        // A provider that ignores its signal: the runner must not pass this on.
        yield { type: 'delta' as const, text: 'second' };
        yield { type: 'done' as const };
      },
    };
    const dreamer = createDreamer({ providers, clock: createManualClock(), retryDelayMs: 0 });
    const events: RunEvent[] = [];
    const outcome = await dreamer
      .run({ topic: 'bees', pipeline }, { signal: controller.signal, onEvent: (event) => events.push(event) })
      .catch((error: unknown) => error);
    expect((outcome as { code?: string }).code).toBe('DREAM_ABORTED');
    const texts = events.flatMap((event) => (event.type === 'stage_delta' ? [event.text] : []));
    expect(texts).toEqual(['first ']);
    expect(events.at(-1)?.type).toBe('error');
  });

  it('still uses complete() when the registry cannot stream', async () => {
    const registry = createScriptedProviderRegistry({
      providers: [{ provider: 'local', models: ['m1'] }],
      answers: ['x', 'y'],
    });
    const dreamer = createDreamer({ providers: registry, clock: createManualClock() });
    const events: RunEvent[] = [];
    await dreamer.run({ topic: 'bees', pipeline }, { onEvent: (event) => events.push(event) });
    expect(events.some((event) => event.type === 'stage_delta')).toBe(false);
  });
});
