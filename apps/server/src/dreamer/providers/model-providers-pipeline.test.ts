import { createDreamer, DEFAULT_PIPELINE, type RunEvent } from '@svc/dreamer-core';
import { createManualClock } from '@svc/dreamer-core/testing';
import { describe, expect, it } from 'vitest';
import { readModelProvidersConfig } from '../../config/model-config.js';
import { useFakeModelServer } from '../../testing/provider-test-helpers.js';
import { createModelProviderRegistry } from './model-provider-registry.js';

// The real dreamer core, the real registry from environment variables and real HTTP on
// loopback: OpenAI-compatible streaming, Anthropic as one JSON answer.

const server = useFakeModelServer();

function createRegistry() {
  const problems: string[] = [];
  const config = readModelProvidersConfig(
    {
      OPENAI_BASE_URL: server.current.openaiBaseUrl,
      OPENAI_MODELS: 'fake-gpt',
      ANTHROPIC_BASE_URL: server.current.anthropicBaseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-pipeline',
      ANTHROPIC_MODELS: 'fake-claude',
    },
    problems,
  );
  expect(problems).toEqual([]);
  // Streaming is one switch for all providers in the environment; per provider in code.
  const [openai, anthropic] = config.providers;
  if (anthropic) anthropic.streaming = false;
  expect(openai?.streaming).toBe(true);
  return createModelProviderRegistry(config);
}

describe('the default pipeline over real providers', () => {
  it('runs six stages, sending "selection" to Anthropic, with provider-reported usage', async () => {
    server.current.enqueue(
      { usage: { input: 100, output: 10 } },
      { usage: { input: 200, output: 20 } },
      { usage: { input: 300, output: 30 } },
      { usage: { input: 400, output: 40 } },
      { usage: { input: 500, output: 50 } },
      { usage: { input: 600, output: 60 } },
    );
    const dreamer = createDreamer({ providers: createRegistry(), clock: createManualClock() });
    const events: RunEvent['type'][] = [];
    const result = await dreamer.run(
      { topic: 'tools for beekeepers', stageModels: { selection: { provider: 'anthropic' } } },
      { onEvent: (event) => events.push(event.type) },
    );

    const stageKeys = DEFAULT_PIPELINE.stages.map((stage) => stage.key);
    expect(result.steps.map((step) => step.key)).toEqual(stageKeys);
    expect(events.filter((type) => type === 'stage_done')).toHaveLength(6);
    expect(result.models.selection).toEqual({
      provider: 'anthropic',
      model: 'fake-claude',
      source: 'stage-models',
    });
    for (const key of stageKeys.filter((stage) => stage !== 'selection')) {
      expect(result.models[key]).toEqual({ provider: 'openai', model: 'fake-gpt', source: 'auto' });
    }
    expect(server.current.requests.map((sent) => [sent.protocol, sent.body.stream])).toEqual([
      ['openai', true],
      ['openai', true],
      ['openai', true],
      ['anthropic', false],
      ['openai', true],
      ['openai', true],
    ]);
    expect(result.outputs.idea).toBe(
      '[fake-gpt] Generate 5 distinct project ideas about: tools for beekeepers.',
    );
    expect(result.outputs.selection).toBe(
      '[fake-claude] Choose the single best idea for tools for beekeepers using the expansion and feasibility stages.',
    );
    // Each stage gets the previous outputs it asks for.
    expect(JSON.stringify(server.current.requests[1]?.body.messages)).toContain(String(result.outputs.idea));
    expect(result.usage).toMatchObject({ inputTokens: 2100, outputTokens: 210, estimated: false });
    expect(result.usage.stages.selection).toEqual({ inputTokens: 400, outputTokens: 40 });
    expect(result.steps.every((step) => step.attempts === 1)).toBe(true);
  });

  it('retries a stage after an Anthropic overload and marks usage estimated when omitted', async () => {
    server.current.enqueue(
      {},
      {},
      {},
      {
        status: 529,
        errorBody: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
      { usage: null },
    );
    const dreamer = createDreamer({
      providers: createRegistry(),
      clock: createManualClock(),
      retryDelayMs: 0,
    });
    const result = await dreamer.run({
      topic: 'tools for beekeepers',
      stageModels: { selection: { provider: 'anthropic', model: 'fake-claude' } },
    });
    const selection = result.steps.find((step) => step.key === 'selection');
    expect(selection?.attempts).toBe(2);
    expect(selection?.usage.estimated).toBe(true);
    expect(result.usage.estimated).toBe(true);
  });

  it('closes the upstream request when the run is aborted', async () => {
    server.current.enqueue({}, { hang: true });
    const dreamer = createDreamer({ providers: createRegistry(), clock: createManualClock() });
    const controller = new AbortController();
    const running = dreamer.run({ topic: 'tools for beekeepers' }, { signal: controller.signal });
    const requests = await server.current.waitForRequests(2);
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'DREAM_ABORTED' });
    await requests[1]?.finished;
    expect(requests[1]?.closedByClient).toBe(true);
  });
});
