import { DreamError } from '../errors.js';
import type { PipelineStage } from '../pipeline/types.js';
import {
  type ChatMessage,
  type CompletionRequest,
  type CompletionResult,
  MAX_RETRY_AFTER_MS,
  type ProviderRegistry,
} from '../ports/provider-registry.js';
import type { ResolvedModel, StageUsage } from './run-types.js';

/** Default per-attempt timeout of a stage. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default number of retries of a stage. */
export const DEFAULT_RETRIES = 2;

function isRetryable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, retryable } = error as { status?: unknown; retryable?: unknown };
  if (retryable === true) return true;
  return typeof status === 'number' && (status === 429 || status >= 500);
}

/** The upstream's requested pause (`retryAfterMs`), capped; 0 when it asked for none. */
function retryAfterOf(error: unknown): number {
  const value = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(value, MAX_RETRY_AFTER_MS)
    : 0;
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function echo(messages: ChatMessage[]): CompletionResult & { stub: true } {
  const prompt = messages.at(-1)?.content ?? '';
  return { text: `[stub] ${prompt.split('\n')[0] ?? ''}`, stub: true };
}

/**
 * Reads a streamed answer to its `done` chunk, passing each delta on. A stream that ends
 * without `done` keeps the text it gave (the provider decides what a broken stream is: it
 * throws). The whole text is `done.text` when given, else the deltas joined.
 */
async function readStreamedAnswer(
  chunks: AsyncIterable<unknown>,
  onDelta: (text: string) => void,
): Promise<CompletionResult> {
  let text = '';
  for await (const chunk of chunks) {
    if (typeof chunk !== 'object' || chunk === null) continue;
    const { type } = chunk as { type?: unknown };
    if (type === 'delta') {
      const delta = (chunk as { text?: unknown }).text;
      if (typeof delta !== 'string' || delta === '') continue;
      text += delta;
      onDelta(delta);
    } else if (type === 'done') {
      const done = chunk as { text?: unknown; usage?: CompletionResult['usage'] };
      const whole = typeof done.text === 'string' ? done.text : text;
      return done.usage ? { text: whole, usage: done.usage } : { text: whole };
    }
  }
  return { text };
}

function askProvider(
  registry: ProviderRegistry,
  request: CompletionRequest,
  onDelta: ((text: string) => void) | undefined,
): Promise<CompletionResult> {
  if (registry.stream === undefined) return registry.complete(request);
  return readStreamedAnswer(registry.stream(request), onDelta ?? (() => undefined));
}

/** Estimates tokens as ceil(characters / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Calls the provider for one stage with a linked AbortSignal, a per-attempt timeout and
 * retries on network errors / 429 / 5xx only, never after the run was aborted.
 */
export async function callStage(args: {
  registry: ProviderRegistry;
  stage: PipelineStage;
  model: ResolvedModel;
  messages: ChatMessage[];
  signal: AbortSignal;
  retryDelayMs: number;
  /** Per-attempt timeout of stages that set no `timeoutMs`. */
  defaultTimeoutMs: number;
  /** Receives streamed text with the attempt it belongs to (streaming registries only). */
  onDelta?: (text: string, attempt: number) => void;
}): Promise<{ text: string; usage: StageUsage; attempts: number }> {
  const { registry, stage, model, messages, signal } = args;
  const promptChars = messages.reduce((total, message) => total + message.content.length, 0);
  if (model.source === 'stub') {
    const { text } = echo(messages);
    return { text, usage: { inputTokens: 0, outputTokens: 0, stub: true }, attempts: 1 };
  }
  const retries = stage.retries ?? DEFAULT_RETRIES;
  const timeoutMs = stage.timeoutMs ?? args.defaultTimeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    if (signal.aborted)
      throw new DreamError('DREAM_ABORTED', 'The run was aborted', { cause: signal.reason });
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(
        new DreamError('DREAM_TIMEOUT', `Stage "${stage.key}" timed out after ${timeoutMs} ms`),
      );
    }, timeoutMs);
    try {
      const result = await Promise.race([
        askProvider(
          registry,
          {
            provider: model.provider,
            model: model.model,
            messages,
            signal: controller.signal,
            outputFormat: stage.outputFormat,
          },
          // Text from an attempt that was given up on must not leak into the next one's.
          args.onDelta && ((text) => !controller.signal.aborted && args.onDelta?.(text, attempt)),
        ),
        new Promise<never>((_resolve, reject) => {
          // A provider that ignores its signal must not hold the run hostage.
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
        }),
      ]);
      const usage: StageUsage = result.usage
        ? { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens }
        : {
            inputTokens: Math.ceil(promptChars / 4),
            outputTokens: estimateTokens(result.text),
            estimated: true,
          };
      return { text: result.text, usage, attempts: attempt };
    } catch (error) {
      if (signal.aborted) throw new DreamError('DREAM_ABORTED', 'The run was aborted', { cause: error });
      if (timedOut) {
        throw new DreamError('DREAM_TIMEOUT', `Stage "${stage.key}" timed out after ${timeoutMs} ms`, {
          cause: error,
        });
      }
      if (attempt > retries || !isRetryable(error)) {
        const message = error instanceof Error ? error.message : String(error);
        throw new DreamError('DREAM_PROVIDER_FAILED', `Stage "${stage.key}" failed: ${message}`, {
          cause: error,
        });
      }
      await waitFor(Math.max(args.retryDelayMs * attempt, retryAfterOf(error)), signal);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}
