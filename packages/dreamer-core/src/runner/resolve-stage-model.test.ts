import { describe, expect, it } from 'vitest';
import type { PipelineStage } from '../pipeline/types.js';
import { createScriptedProviderRegistry } from '../testing/scripted-provider-registry.js';
import { resolveStageModel } from './resolve-stage-model.js';

const registry = createScriptedProviderRegistry({
  providers: [
    { provider: 'openai', models: ['gpt-a', 'gpt-b'] },
    { provider: 'anthropic', models: ['claude-a'] },
  ],
});
const stage: PipelineStage = { key: 'idea', label: 'Idea', task: 't', outputFormat: 'text' };

describe('resolveStageModel', () => {
  it('prefers stageModels, then the stage, then the run, then auto', () => {
    const own = { ...stage, provider: 'anthropic', model: 'claude-a' };
    const args = {
      topic: 't',
      provider: 'openai',
      model: 'gpt-b',
      stageModels: { idea: { provider: 'openai', model: 'gpt-a' } },
    };
    expect(resolveStageModel({ stage: own, args, registry })).toEqual({
      provider: 'openai',
      model: 'gpt-a',
      source: 'stage-models',
    });
    expect(resolveStageModel({ stage: own, args: { ...args, stageModels: {} }, registry })).toMatchObject({
      model: 'claude-a',
      source: 'stage',
    });
    expect(resolveStageModel({ stage, args: { ...args, stageModels: {} }, registry })).toMatchObject({
      model: 'gpt-b',
      source: 'run',
    });
    expect(resolveStageModel({ stage, args: { topic: 't' }, registry })).toEqual({
      provider: 'openai',
      model: 'gpt-a',
      source: 'auto',
    });
  });

  it('fills a missing provider or model from the registry and treats "auto" as unset', () => {
    expect(resolveStageModel({ stage, args: { topic: 't', model: 'claude-a' }, registry })).toMatchObject({
      provider: 'anthropic',
      source: 'run',
    });
    expect(resolveStageModel({ stage, args: { topic: 't', provider: 'anthropic' }, registry })).toMatchObject(
      { model: 'claude-a' },
    );
    expect(
      resolveStageModel({ stage, args: { topic: 't', provider: 'auto', model: 'auto' }, registry }),
    ).toMatchObject({ source: 'auto' });
  });

  it('skips a choice naming a provider or model the registry does not list', () => {
    const unlisted = { stageModels: { idea: { provider: 'openai', model: 'gpt-zzz' } } };
    expect(resolveStageModel({ stage, args: { topic: 't', ...unlisted }, registry })).toMatchObject({
      model: 'gpt-a',
      source: 'auto',
    });
    const ownUnlisted = { ...stage, provider: 'mistral' };
    expect(
      resolveStageModel({ stage: ownUnlisted, args: { topic: 't', model: 'claude-a' }, registry }),
    ).toEqual({ provider: 'anthropic', model: 'claude-a', source: 'run' });
    expect(resolveStageModel({ stage, args: { topic: 't', model: 'nope' }, registry })).toMatchObject({
      source: 'auto',
    });
  });

  it('takes a plain model name in stageModels as { model }', () => {
    expect(
      resolveStageModel({ stage, args: { topic: 't', stageModels: { idea: 'claude-a' } }, registry }),
    ).toEqual({
      provider: 'anthropic',
      model: 'claude-a',
      source: 'stage-models',
    });
    // An unlisted name is skipped like an unlisted { model }: the next rule decides.
    expect(
      resolveStageModel({ stage, args: { topic: 't', stageModels: { idea: 'nope' } }, registry }),
    ).toMatchObject({
      source: 'auto',
    });
  });

  it('falls back to the echo stub when no provider is listed', () => {
    const empty = createScriptedProviderRegistry({ providers: [] });
    expect(resolveStageModel({ stage, args: { topic: 't' }, registry: empty })).toEqual({
      provider: 'stub',
      model: 'echo',
      source: 'stub',
    });
  });
});
