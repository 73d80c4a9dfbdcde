import type { CompletionRequest, CompletionResult, ProviderRegistry } from '../ports/provider-registry.js';

/** One scripted answer: a result, an error to throw, or a function of the request. */
export type ScriptedAnswer =
  | string
  | CompletionResult
  | { error: Error & { status?: number; retryable?: boolean; retryAfterMs?: number } }
  | { hang: true }
  | ((request: CompletionRequest) => CompletionResult | Promise<CompletionResult>);

/** Options of {@link createScriptedProviderRegistry}. */
export interface ScriptedProviderOptions {
  providers?: { provider: string; models: string[] }[];
  /** Answers consumed in call order; when exhausted, `fallback` answers. */
  answers?: ScriptedAnswer[];
  /** Answer used once `answers` is exhausted; defaults to a text naming the call. */
  fallback?: ScriptedAnswer;
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
  return {
    calls,
    list: () => providers.map((entry) => ({ provider: entry.provider, models: [...entry.models] })),
    async complete(request) {
      calls.push(request);
      const answer =
        queue.shift() ??
        options.fallback ??
        `answer ${calls.length} from ${request.provider}/${request.model}`;
      if (typeof answer === 'string') return { text: answer };
      if (typeof answer === 'function') return answer(request);
      if ('error' in answer) throw answer.error;
      if ('hang' in answer) {
        return new Promise<never>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
        });
      }
      return answer;
    },
  };
}
