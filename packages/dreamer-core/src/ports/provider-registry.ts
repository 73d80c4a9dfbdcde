import type { StageOutputFormat } from '../pipeline/types.js';

/** A chat message sent to a provider. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One completion request. */
export interface CompletionRequest {
  provider: string;
  model: string;
  messages: ChatMessage[];
  signal: AbortSignal;
  outputFormat: StageOutputFormat;
}

/** One completion answer; `usage` is omitted when the provider does not report it. */
export interface CompletionResult {
  text: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/**
 * One piece of a streamed completion: `delta` carries text as the model writes it; `done` ends
 * the stream, with the whole text when the provider knows it better than the sum of the deltas
 * and the usage when the provider reports it.
 */
export type CompletionChunk =
  | { type: 'delta'; text: string }
  | { type: 'done'; text?: string; usage?: { inputTokens: number; outputTokens: number } };

/**
 * Shape of errors a registry throws: `status` is the upstream HTTP status if any,
 * `retryable` is true for network failures. The runner retries on `retryable`, 429 and 5xx,
 * waiting at least `retryAfterMs` (the upstream's `Retry-After`, capped at
 * {@link MAX_RETRY_AFTER_MS}) before the next attempt.
 */
export interface ProviderErrorShape {
  status?: number;
  retryable?: boolean;
  retryAfterMs?: number;
}

/** The longest wait a provider's `retryAfterMs` can impose between two attempts. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * ProviderRegistry port: the only way the core reaches a model.
 * Contract: `list()` returns configured providers in preference order (the first model of
 * the first entry is what `auto` picks); `complete()` must honour `signal`. The optional
 * `stream()` yields the answer as it is written: any number of `delta` chunks, then one
 * `done`; it must honour `signal` too (stop reading, close the upstream request). When a
 * registry has `stream()`, the runner uses it instead of `complete()` and reports the deltas
 * as `stage_delta` events.
 *
 * @example
 * ```ts
 * const registry: ProviderRegistry = {
 *   list: () => [{ provider: 'local', models: ['llama3'] }],
 *   complete: async () => ({ text: 'hi' }),
 * };
 * ```
 */
export interface ProviderRegistry {
  list(): { provider: string; models: string[] }[];
  complete(request: CompletionRequest): Promise<CompletionResult>;
  stream?(request: CompletionRequest): AsyncIterable<CompletionChunk>;
}
