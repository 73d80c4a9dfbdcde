import type { CompletionRequest, CompletionResult } from '@svc/dreamer-core';

/**
 * One provider behind the registry: answers a completion request over its wire protocol.
 * Contract: honours `request.signal` (rejects with its reason, closing the connection) and
 * throws `ModelProviderError` for every other failure.
 *
 * @example
 * ```ts
 * const provider: ModelProvider = createOpenAiCompatibleProvider(config);
 * const { text, usage } = await provider.complete(request);
 * ```
 */
export interface ModelProvider {
  complete(request: CompletionRequest): Promise<CompletionResult>;
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
