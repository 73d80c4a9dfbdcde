import type { CompletionRequest } from '@svc/dreamer-core';
import { describe, expect, it } from 'vitest';
import type { ModelProvidersConfig } from '../../config/model-config.js';
import { failureOf, useFakeModelServer } from '../../testing/provider-test-helpers.js';
import { ModelProviderError } from './model-provider-error.js';
import { createModelProviderRegistry } from './model-provider-registry.js';

const OPENAI_KEY = 'sk-registry-secret-1';
const ANTHROPIC_KEY = 'sk-ant-registry-secret-2';
const server = useFakeModelServer();

function config(): ModelProvidersConfig {
  return {
    providers: [
      {
        kind: 'openai-compatible',
        name: 'openai',
        baseUrl: server.current.openaiBaseUrl,
        apiKey: OPENAI_KEY,
        models: ['fake-gpt', 'fake-gpt-mini'],
        streaming: true,
        jsonMode: false,
      },
      {
        kind: 'anthropic',
        name: 'anthropic',
        baseUrl: server.current.anthropicBaseUrl,
        apiKey: ANTHROPIC_KEY,
        models: ['fake-claude'],
        streaming: false,
        maxTokens: 512,
      },
    ],
  };
}

function request(provider: string, model: string): CompletionRequest {
  return {
    provider,
    model,
    messages: [{ role: 'user', content: 'hello' }],
    signal: new AbortController().signal,
    outputFormat: 'text',
  };
}

describe('model provider registry', () => {
  it('lists providers in configuration order with their models', () => {
    expect(createModelProviderRegistry(config()).list()).toEqual([
      { provider: 'openai', models: ['fake-gpt', 'fake-gpt-mini'] },
      { provider: 'anthropic', models: ['fake-claude'] },
    ]);
  });

  it('describes providers without keys or URL credentials', () => {
    const withCredentials = config();
    const first = withCredentials.providers[0];
    if (first) first.baseUrl = 'http://user:password@127.0.0.1:11434/v1';
    const described = createModelProviderRegistry(withCredentials).describe();
    expect(described[0]).toEqual({
      provider: 'openai',
      kind: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      models: ['fake-gpt', 'fake-gpt-mini'],
      streaming: true,
    });
    const text = JSON.stringify(described);
    for (const secret of [OPENAI_KEY, ANTHROPIC_KEY, 'password']) expect(text).not.toContain(secret);
  });

  it('dispatches by provider name to the right protocol', async () => {
    const registry = createModelProviderRegistry(config());
    expect((await registry.complete(request('anthropic', 'fake-claude'))).text).toBe('[fake-claude] hello');
    expect((await registry.complete(request('openai', 'fake-gpt-mini'))).text).toBe('[fake-gpt-mini] hello');
    expect(server.current.requests.map((sent) => [sent.protocol, sent.body.stream])).toEqual([
      ['anthropic', false],
      ['openai', true],
    ]);
  });

  it('refuses an unknown provider or model without calling upstream, not retryable', async () => {
    const registry = createModelProviderRegistry(config());
    const provider = await failureOf(registry.complete(request('mistral', 'fake-gpt')));
    expect(provider).toMatchObject({ code: 'MODEL_UNKNOWN_PROVIDER', retryable: false });
    expect(provider.message).toBe('Unknown model provider "mistral" (configured: openai, anthropic).');
    const model = await failureOf(registry.complete(request('openai', 'fake-claude')));
    expect(model).toMatchObject({ code: 'MODEL_UNKNOWN_MODEL', retryable: false });
    expect(server.current.requests).toEqual([]);
  });

  it('knows no provider when none is configured', async () => {
    const registry = createModelProviderRegistry({ providers: [] });
    expect(registry.list()).toEqual([]);
    const error = await failureOf(registry.complete(request('openai', 'fake-gpt')));
    expect(error.code).toBe('MODEL_UNKNOWN_PROVIDER');
  });

  it('refuses malformed requests with MODEL_INVALID_ARGUMENTS', async () => {
    const registry = createModelProviderRegistry(config());
    const empty = { ...request('openai', 'fake-gpt'), messages: [] };
    expect(await failureOf(registry.complete(empty))).toMatchObject({ code: 'MODEL_INVALID_ARGUMENTS' });
    const unsignalled = {
      ...request('openai', 'fake-gpt'),
      signal: undefined,
    } as unknown as CompletionRequest;
    expect(await failureOf(registry.complete(unsignalled))).toMatchObject({
      code: 'MODEL_INVALID_ARGUMENTS',
    });
  });

  it('refuses an invalid configuration', () => {
    const twice = config();
    twice.providers.push({ ...(twice.providers[0] as ModelProvidersConfig['providers'][number]) });
    expect(() => createModelProviderRegistry(twice)).toThrow('Provider "openai" is configured twice.');
    const noModels = config();
    if (noModels.providers[1]) noModels.providers[1].models = [];
    expect(() => createModelProviderRegistry(noModels)).toThrow(
      'Provider "anthropic" needs at least one model name.',
    );
    const ftp = config();
    if (ftp.providers[0]) ftp.providers[0].baseUrl = 'ftp://models';
    expect(() => createModelProviderRegistry(ftp)).toThrow(ModelProviderError);
  });
});
