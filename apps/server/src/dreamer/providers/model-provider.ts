import type { CompletionChunk, CompletionRequest, CompletionResult } from '@svc/dreamer-core';

/**
 * One provider behind the registry: answers a completion request over its wire protocol.
 * Contract: honours `request.signal` (rejects with its reason, closing the connection) and
 * throws `ModelProviderError` for every other failure. `stream()` yields the text as the
 * upstream sends it, then one `done`; a provider configured without streaming
 * (`MODEL_STREAMING=false`) yields only the `done` of one JSON answer.
 *
 * @example
 * ```ts
 * const provider: ModelProvider = createOpenAiCompatibleProvider(config);
 * const { text, usage } = await provider.complete(request);
 * ```
 */
export interface ModelProvider {
  complete(request: CompletionRequest): Promise<CompletionResult>;
  stream(request: CompletionRequest): AsyncIterable<CompletionChunk>;
}

/** `{ inputTokens, outputTokens }` when both counts are numbers, else undefined. */
export function toUsage(
  inputTokens: unknown,
  outputTokens: unknown,
): { inputTokens: number; outputTokens: number } | undefined {
  if (typeof inputTokens !== 'number' || typeof outputTokens !== 'number') return undefined;
  if (!Number.isFinite(inputTokens) || !Number.isFinite(outputTokens)) return undefined;
  return { inputTokens, outputTokens };
}
