import type { ChatMessage, CompletionChunk, CompletionRequest, CompletionResult } from '@svc/dreamer-core';
import type { AnthropicProviderConfig } from '../../config/model-config.js';
import { toChunkStream } from './chunk-stream.js';
import { type ModelProvider, toUsage } from './model-provider.js';
import { isRetryableStatus, ModelProviderError, toSafeUpstreamText } from './model-provider-error.js';
import { parseEventData, readEventStream } from './read-event-stream.js';
import { type ModelRequest, requestCompletion } from './send-model-request.js';

type Json = Record<string, unknown>;

/** Anthropic's error types and the HTTP status each one comes with. */
const ERROR_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** System messages become the top-level `system`; consecutive same-role turns are merged. */
export function toAnthropicMessages(messages: ChatMessage[]): {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
} {
  const system: string[] = [];
  const turns: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const { role, content } of messages) {
    const last = turns.at(-1);
    if (role === 'system') system.push(content);
    else if (last?.role === role) last.content += `\n\n${content}`;
    else turns.push({ role, content });
  }
  return { system: system.join('\n\n'), messages: turns };
}

/** Input tokens include prompt-cache reads and writes, which Anthropic counts apart. */
function readInputTokens(usage: Json | undefined): number | undefined {
  if (typeof usage?.input_tokens !== 'number') return undefined;
  const cached = [usage.cache_creation_input_tokens, usage.cache_read_input_tokens];
  return cached.reduce<number>(
    (total, count) => total + (typeof count === 'number' ? count : 0),
    usage.input_tokens,
  );
}

function toStreamError(data: Json, request: ModelRequest): ModelProviderError {
  const error = asObject(data.error);
  const type = typeof error?.type === 'string' ? error.type : 'unknown_error';
  const message = typeof error?.message === 'string' ? error.message : type;
  const status = ERROR_STATUS[type];
  return new ModelProviderError(
    'MODEL_HTTP_ERROR',
    `${request.provider} reported ${type}: ${toSafeUpstreamText(message, request.apiKey)}`,
    {
      ...(status === undefined ? {} : { status }),
      retryable: status === undefined || isRetryableStatus(status),
    },
  );
}

function readJsonAnswer(body: unknown, request: ModelRequest): CompletionResult {
  const answer = asObject(body);
  if (answer?.type === 'error') throw toStreamError(answer, request);
  if (answer?.type !== 'message' || !Array.isArray(answer.content)) {
    throw new ModelProviderError('MODEL_BAD_RESPONSE', `${request.provider} answered without a message`);
  }
  const text = answer.content
    .map((block) => asObject(block))
    .map((block) => (block?.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join('');
  const usage = asObject(answer.usage);
  const counted = toUsage(readInputTokens(usage), usage?.output_tokens);
  return counted ? { text, usage: counted } : { text };
}

async function readStreamAnswer(
  response: Response,
  request: ModelRequest,
  onDelta: (text: string) => void = () => undefined,
): Promise<CompletionResult> {
  let text = '';
  let inputTokens: number | undefined;
  let outputTokens: unknown;
  await readEventStream(response, request, (event) => {
    const data = parseEventData(event, request);
    switch (event.event ?? data.type) {
      case 'message_start': {
        const usage = asObject(asObject(data.message)?.usage);
        inputTokens = readInputTokens(usage) ?? inputTokens;
        outputTokens = usage?.output_tokens ?? outputTokens;
        return false;
      }
      case 'content_block_delta': {
        const delta = asObject(data.delta);
        if (delta?.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '') {
          text += delta.text;
          onDelta(delta.text);
        }
        return false;
      }
      case 'message_delta': {
        // Counts here are cumulative: they replace what message_start said.
        const usage = asObject(data.usage);
        inputTokens = readInputTokens(usage) ?? inputTokens;
        outputTokens = usage?.output_tokens ?? outputTokens;
        return false;
      }
      case 'message_stop':
        return true;
      case 'error':
        throw toStreamError(data, request);
      default:
        return false; // ping, content_block_start/stop and future event types
    }
  });
  const usage = toUsage(inputTokens, outputTokens);
  return usage ? { text, usage } : { text };
}

/**
 * A provider for the Anthropic Messages API: `POST {baseUrl}/v1/messages`, streaming or JSON.
 * Stream `error` events become `MODEL_HTTP_ERROR` with the status of their type
 * (`overloaded_error` → 529, retryable).
 *
 * @example
 * ```ts
 * const provider = createAnthropicProvider({
 *   kind: 'anthropic', name: 'anthropic', baseUrl: 'https://api.anthropic.com',
 *   apiKey: process.env.ANTHROPIC_API_KEY, models: ['claude-sonnet-4-5'], streaming: true, maxTokens: 4096,
 * });
 * ```
 */
export function createAnthropicProvider(
  config: AnthropicProviderConfig,
  options: { fetch?: typeof fetch } = {},
): ModelProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  function send(completion: CompletionRequest, onDelta?: (text: string) => void): Promise<CompletionResult> {
    const { system, messages } = toAnthropicMessages(completion.messages);
    const body: Json = { model: completion.model, max_tokens: config.maxTokens };
    if (system !== '') body.system = system;
    Object.assign(body, { messages, stream: config.streaming });
    const headers: Record<string, string> = { 'anthropic-version': '2023-06-01' };
    if (config.apiKey) headers['x-api-key'] = config.apiKey;
    return requestCompletion(
      { config, path: '/v1/messages', headers, body, completion, fetch: fetchImpl },
      { json: readJsonAnswer, stream: readStreamAnswer },
      onDelta,
    );
  }
  return {
    complete: (completion) => send(completion),
    stream: (completion): AsyncIterable<CompletionChunk> =>
      toChunkStream((onDelta) => send(completion, onDelta)),
  };
}
