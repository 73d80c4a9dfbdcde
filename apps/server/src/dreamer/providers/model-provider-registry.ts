import type {
  CompletionChunk,
  CompletionRequest,
  CompletionResult,
  ProviderRegistry,
} from '@svc/dreamer-core';
import type { ModelProviderConfig, ModelProvidersConfig } from '../../config/model-config.js';
import { createAnthropicProvider } from './anthropic-provider.js';
import type { ModelProvider } from './model-provider.js';
import { ModelProviderError } from './model-provider-error.js';
import { createOpenAiCompatibleProvider } from './openai-compatible-provider.js';
import { toSafeUrl } from './send-model-request.js';

/** What {@link ModelProviderRegistry.describe} tells about one provider: never its key. */
export interface ModelProviderDescription {
  provider: string;
  kind: ModelProviderConfig['kind'];
  baseUrl: string;
  models: string[];
  streaming: boolean;
}

/** The server's provider registry: the core's port (with `stream()`) plus a key-free description. */
export interface ModelProviderRegistry extends ProviderRegistry {
  describe(): ModelProviderDescription[];
  /** Always present here: a provider without streaming answers one `done`. */
  stream(request: CompletionRequest): AsyncIterable<CompletionChunk>;
}

const ROLES = new Set(['system', 'user', 'assistant']);

function invalid(message: string): ModelProviderError {
  return new ModelProviderError('MODEL_INVALID_ARGUMENTS', message);
}

function assertProviderConfig(entry: ModelProviderConfig, seen: Set<string>): void {
  if (typeof entry?.name !== 'string' || !/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(entry.name))
    throw invalid('Every provider needs a name of letters, digits, ".", "_" or "-".');
  if (seen.has(entry.name)) throw invalid(`Provider "${entry.name}" is configured twice.`);
  const kind: string = entry.kind;
  if (kind !== 'openai-compatible' && kind !== 'anthropic')
    throw invalid(`Provider "${entry.name}" has an unknown kind "${kind}".`);
  if (!URL.canParse(entry.baseUrl) || !/^https?:$/.test(new URL(entry.baseUrl).protocol))
    throw invalid(`Provider "${entry.name}" needs an http(s) base URL.`);
  if (
    !Array.isArray(entry.models) ||
    entry.models.length === 0 ||
    !entry.models.every((model) => typeof model === 'string' && model !== '')
  )
    throw invalid(`Provider "${entry.name}" needs at least one model name.`);
  seen.add(entry.name);
}

function assertRequest(request: CompletionRequest): void {
  if (typeof request !== 'object' || request === null) throw invalid('A completion request is an object.');
  if (!(request.signal instanceof AbortSignal)) throw invalid('A completion request needs an AbortSignal.');
  const { messages } = request;
  const valid =
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((message) => ROLES.has(message?.role) && typeof message.content === 'string');
  if (!valid) throw invalid('A completion request needs messages with a role and string content.');
  if (
    request.outputFormat !== 'text' &&
    request.outputFormat !== 'markdown' &&
    request.outputFormat !== 'json'
  )
    throw invalid('A completion request needs an outputFormat of text, markdown or json.');
}

function createProvider(entry: ModelProviderConfig, fetchImpl: typeof fetch | undefined): ModelProvider {
  const options = fetchImpl ? { fetch: fetchImpl } : {};
  switch (entry.kind) {
    case 'openai-compatible':
      return createOpenAiCompatibleProvider(entry, options);
    case 'anthropic':
      return createAnthropicProvider(entry, options);
    default: {
      const unknown: never = entry;
      throw invalid(`Unknown provider kind in ${JSON.stringify((unknown as { kind?: unknown }).kind)}.`);
    }
  }
}

/**
 * Builds the {@link ProviderRegistry} of the server from its model configuration: `list()`
 * in configuration order, `complete()` and `stream()` dispatched by provider name (a provider
 * configured without streaming streams one `done`). Unknown providers or
 * models reject with `MODEL_UNKNOWN_PROVIDER` / `MODEL_UNKNOWN_MODEL`.
 *
 * @example
 * ```ts
 * const registry = createModelProviderRegistry(config.models);
 * const dreamer = createDreamer({ providers: registry, clock: { now: () => new Date() } });
 * ```
 */
export function createModelProviderRegistry(
  config: ModelProvidersConfig,
  options: { fetch?: typeof fetch } = {},
): ModelProviderRegistry {
  if (!Array.isArray(config?.providers)) throw invalid('The model configuration needs a providers array.');
  const seen = new Set<string>();
  for (const entry of config.providers) assertProviderConfig(entry, seen);
  const entries = config.providers.map((entry) => ({
    config: { ...entry, models: [...entry.models] },
    provider: createProvider(entry, options.fetch),
  }));
  function findProvider(request: CompletionRequest): ModelProvider {
    assertRequest(request);
    const found = entries.find(({ config: entry }) => entry.name === request.provider);
    if (!found) {
      const names = entries.map(({ config: entry }) => entry.name).join(', ') || 'none';
      throw new ModelProviderError(
        'MODEL_UNKNOWN_PROVIDER',
        `Unknown model provider "${request.provider}" (configured: ${names}).`,
      );
    }
    if (!found.config.models.includes(request.model)) {
      throw new ModelProviderError(
        'MODEL_UNKNOWN_MODEL',
        `Provider "${request.provider}" has no model "${request.model}" (configured: ${found.config.models.join(', ')}).`,
      );
    }
    return found.provider;
  }
  return {
    list: () => entries.map(({ config: entry }) => ({ provider: entry.name, models: [...entry.models] })),
    describe: () =>
      entries.map(({ config: entry }) => ({
        provider: entry.name,
        kind: entry.kind,
        baseUrl: toSafeUrl(entry.baseUrl),
        models: [...entry.models],
        streaming: entry.streaming,
      })),
    async complete(request: CompletionRequest): Promise<CompletionResult> {
      return findProvider(request).complete(request);
    },
    stream(request: CompletionRequest): AsyncIterable<CompletionChunk> {
      // Checked before the first read, like complete(): a bad request fails where it is made.
      return findProvider(request).stream(request);
    },
  };
}
