import type { CompletionChunk, CompletionRequest, CompletionResult } from '@svc/dreamer-core';
import type { OpenAiCompatibleProviderConfig } from '../../config/model-config.js';
import { toChunkStream } from './chunk-stream.js';
import { type ModelProvider, toUsage } from './model-provider.js';
import { isRetryableStatus, ModelProviderError, toSafeUpstreamText } from './model-provider-error.js';
import { parseEventData, readEventStream } from './read-event-stream.js';
import { type ModelRequest, requestCompletion } from './send-model-request.js';

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function readUsage(body: Json): CompletionResult['usage'] {
  const usage = asObject(body.usage);
  return usage ? toUsage(usage.prompt_tokens, usage.completion_tokens) : undefined;
}

function badResponse(request: ModelRequest, what: string): ModelProviderError {
  return new ModelProviderError('MODEL_BAD_RESPONSE', `${request.provider} answered ${what}`);
}

/** An `{ error }` object inside a 2xx body or stream (vLLM and OpenAI send these mid-stream). */
function throwEmbeddedError(body: Json, request: ModelRequest): void {
  if (body.error === undefined || body.error === null) return;
  const error = asObject(body.error);
  const message = typeof error?.message === 'string' ? error.message : JSON.stringify(body.error);
  const status = typeof error?.code === 'number' ? error.code : undefined;
  const retryable = error?.type === 'server_error' || (status !== undefined && isRetryableStatus(status));
  throw new ModelProviderError(
    'MODEL_HTTP_ERROR',
    `${request.provider} reported an error: ${toSafeUpstreamText(message, request.apiKey)}`,
    { ...(status === undefined ? {} : { status }), retryable },
  );
}

function readJsonAnswer(body: unknown, request: ModelRequest): CompletionResult {
  const answer = asObject(body);
  if (!answer) throw badResponse(request, 'with JSON that is not an object');
  throwEmbeddedError(answer, request);
  const choices = Array.isArray(answer.choices) ? answer.choices : undefined;
  const content = asObject(asObject(choices?.[0])?.message)?.content;
  if (typeof content !== 'string') throw badResponse(request, 'without choices[0].message.content');
  const usage = readUsage(answer);
  return usage ? { text: content, usage } : { text: content };
}

async function readStreamAnswer(
  response: Response,
  request: ModelRequest,
  onDelta: (text: string) => void = () => undefined,
): Promise<CompletionResult> {
  let text = '';
  let usage: CompletionResult['usage'];
  await readEventStream(response, request, (event) => {
    if (event.data.trim() === '[DONE]') return true;
    const chunk = parseEventData(event, request);
    throwEmbeddedError(chunk, request);
    if (chunk.choices !== undefined && !Array.isArray(chunk.choices))
      throw badResponse(request, 'a stream chunk whose "choices" is not an array');
    const content = asObject(asObject(chunk.choices?.[0])?.delta)?.content;
    if (typeof content === 'string' && content !== '') {
      text += content;
      onDelta(content);
    }
    // Usage may come in any chunk, usually a last one with empty choices.
    usage = readUsage(chunk) ?? usage;
    return false;
  });
  return usage ? { text, usage } : { text };
}

/**
 * A provider for OpenAI-compatible chat-completions servers (OpenAI, Ollama, vLLM,
 * llama.cpp server, LM Studio): `POST {baseUrl}/chat/completions`, streaming or JSON.
 *
 * @example
 * ```ts
 * const provider = createOpenAiCompatibleProvider({
 *   kind: 'openai-compatible', name: 'openai', baseUrl: 'http://127.0.0.1:11434/v1',
 *   apiKey: undefined, models: ['llama3.2'], streaming: true, jsonMode: false,
 * });
 * ```
 */
export function createOpenAiCompatibleProvider(
  config: OpenAiCompatibleProviderConfig,
  options: { fetch?: typeof fetch } = {},
): ModelProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  function send(completion: CompletionRequest, onDelta?: (text: string) => void): Promise<CompletionResult> {
    const body: Json = {
      model: completion.model,
      messages: completion.messages.map(({ role, content }) => ({ role, content })),
      stream: config.streaming,
    };
    if (config.streaming) body.stream_options = { include_usage: true };
    if (completion.outputFormat === 'json' && config.jsonMode) body.response_format = { type: 'json_object' };
    const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
    return requestCompletion(
      { config, path: '/chat/completions', headers, body, completion, fetch: fetchImpl },
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
