import type {
  CompletionChunk,
  CompletionRequest,
  CompletionResult,
  ProviderRegistry,
} from '../ports/provider-registry.js';

/** One scripted answer: a result, an error to throw, or a function of the request. */
export type ScriptedAnswer =
  | string
  | CompletionResult
  | { error: Error & { status?: number; retryable?: boolean; retryAfterMs?: number } }
  | { hang: true }
  /** Streaming registries only: these chunks, then `error` thrown if given. */
  | { chunks: CompletionChunk[]; error?: Error }
  | ((request: CompletionRequest) => CompletionResult | Promise<CompletionResult>);

/** Options of {@link createScriptedProviderRegistry}. */
export interface ScriptedProviderOptions {
  providers?: { provider: string; models: string[] }[];
  /** Answers consumed in call order; when exhausted, `fallback` answers. */
  answers?: ScriptedAnswer[];
  /** Answer used once `answers` is exhausted; defaults to a text naming the call. */
  fallback?: ScriptedAnswer;
  /**
   * Gives the registry a `stream()`: text answers stream word by word and end with a `done`
   * carrying their usage; `chunks` answers stream as scripted.
   */
  streaming?: boolean;
}

/** Builds an error shaped like a provider failure, e.g. `createProviderError('busy', { status: 503 })`. */
export function createProviderError(
  message: string,
  shape: { status?: number; retryable?: boolean; retryAfterMs?: number } = {},
): Error & { status?: number; retryable?: boolean; retryAfterMs?: number } {
  return Object.assign(new Error(message), shape);
}

/**
 * An in-memory {@link ProviderRegistry} whose answers are scripted per call; every request
 * is recorded in `calls`. For tests and offline CLI runs.
 *
 * @example
 * ```ts
 * const providers = createScriptedProviderRegistry({
 *   providers: [{ provider: 'local', models: ['m1'] }],
 *   answers: ['five ideas', { error: createProviderError('busy', { status: 503 }) }, 'expanded'],
 * });
 * ```
 */
export function createScriptedProviderRegistry(
  options: ScriptedProviderOptions = {},
): ProviderRegistry & { calls: CompletionRequest[] } {
  const providers = options.providers ?? [{ provider: 'scripted', models: ['scripted-1'] }];
  const queue = [...(options.answers ?? [])];
  const calls: CompletionRequest[] = [];
  const next = (request: CompletionRequest): ScriptedAnswer => {
    calls.push(request);
    return (
      queue.shift() ?? options.fallback ?? `answer ${calls.length} from ${request.provider}/${request.model}`
    );
  };
  async function answerOf(answer: ScriptedAnswer, request: CompletionRequest): Promise<CompletionResult> {
    if (typeof answer === 'string') return { text: answer };
    if (typeof answer === 'function') return answer(request);
    if ('chunks' in answer) throw new Error('a chunks answer needs a streaming registry');
    if ('error' in answer) throw answer.error;
    if ('hang' in answer) {
      return new Promise<never>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    }
    return answer;
  }
  async function* streamOf(
    answer: ScriptedAnswer,
    request: CompletionRequest,
  ): AsyncIterable<CompletionChunk> {
    if (typeof answer === 'object' && 'chunks' in answer) {
      for (const chunk of answer.chunks) {
        if (request.signal.aborted) throw request.signal.reason;
        yield chunk;
      }
      if (answer.error) throw answer.error;
      return;
    }
    const result = await answerOf(answer, request);
    for (const word of result.text.match(/\S+\s*|\s+/g) ?? []) yield { type: 'delta', text: word };
    yield result.usage ? { type: 'done', usage: result.usage } : { type: 'done' };
  }
  return {
    calls,
    list: () => providers.map((entry) => ({ provider: entry.provider, models: [...entry.models] })),
    complete: (request) => answerOf(next(request), request),
    ...(options.streaming
      ? { stream: (request: CompletionRequest) => streamOf(next(request), request) }
      : {}),
  };
}
