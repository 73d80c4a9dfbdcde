import type { ChatMessage, ProviderRegistry } from '@svc/dreamer-core';
import type { CapabilityProvider } from '../capabilities/capability-types.js';
import type { ModelChatReply } from '../contracts/llm-chat-contract.js';
import { CapabilityError } from '../errors/capability-error.js';
import type { ModelProviderDescription } from './providers/model-provider-registry.js';

/** The provider name of the echo stub (the dreamer's own stub name). */
export const ECHO_STUB_PROVIDER = 'stub';

/** The model providers as the server has them: the dreamer's registry, with a key-free description where known. */
export type ChatProviders = ProviderRegistry & { describe?(): ModelProviderDescription[] };

/** One chat request, vendor-neutral. */
export interface ModelChatRequest {
  /** `auto`, `stub`, a model name, or `provider/model`. */
  model: string;
  messages: ChatMessage[];
  outputFormat: 'text' | 'json';
  signal: AbortSignal;
}

/**
 * Picks who answers `model`: `auto` (or empty) is the first listed model, and the echo stub
 * when nothing is listed; `stub` is the stub; `provider/model` and a plain model name must be
 * listed (`CAP_NOT_CONFIGURED` otherwise, never a silent substitute).
 *
 * @example
 * resolveChatModel(providers, 'gpt-4o-mini'); // { provider: 'openai', model: 'gpt-4o-mini' }
 */
export function resolveChatModel(
  providers: ProviderRegistry,
  model: string,
): { provider: string; model: string } {
  const listed = providers.list();
  if (model === '' || model === 'auto') {
    const first = listed.find((entry) => entry.models.length > 0);
    return first ? { provider: first.provider, model: first.models[0] as string } : stubChoice();
  }
  if (model === ECHO_STUB_PROVIDER || model === `${ECHO_STUB_PROVIDER}/echo`) return stubChoice();
  const slash = model.indexOf('/');
  if (slash > 0) {
    const provider = model.slice(0, slash);
    const name = model.slice(slash + 1);
    if (listed.some((entry) => entry.provider === provider && entry.models.includes(name)))
      return { provider, model: name };
  }
  const owner = listed.find((entry) => entry.models.includes(model));
  if (owner) return { provider: owner.provider, model };
  const configured = listed.flatMap((entry) => entry.models.map((name) => `${entry.provider}/${name}`));
  throw new CapabilityError(
    'CAP_NOT_CONFIGURED',
    `No model "${model}" is configured here (configured: ${configured.join(', ') || 'none'}; "auto" uses the echo stub when none is).`,
    { details: { model, configured } },
  );
}

function stubChoice(): { provider: string; model: string } {
  return { provider: ECHO_STUB_PROVIDER, model: 'echo' };
}

/**
 * Asks a model through the dreamer's provider registry (`onChoice` hears who will answer first). The stub echoes the first line of the
 * last user message (`[stub] …`), as the ideation stages do; a provider failure is
 * `CAP_UPSTREAM_FAILED` with the provider's message (never its key).
 *
 * @example
 * const reply = await chatWithModel(providers, { model: 'auto', messages, outputFormat: 'text', signal });
 */
export async function chatWithModel(
  providers: ProviderRegistry,
  request: ModelChatRequest,
  onChoice?: (choice: { provider: string; model: string }) => void,
): Promise<ModelChatReply> {
  const choice = resolveChatModel(providers, request.model);
  onChoice?.(choice);
  if (choice.provider === ECHO_STUB_PROVIDER) {
    const last = [...request.messages].reverse().find((message) => message.role === 'user');
    const firstLine = (last?.content ?? '').split('\n')[0] ?? '';
    return { text: `[stub] ${firstLine}`, ...choice, usage: { stub: true, tokens: 0 } };
  }
  try {
    const result = await providers.complete({
      ...choice,
      messages: request.messages,
      signal: request.signal,
      outputFormat: request.outputFormat,
    });
    const tokens = (result.usage?.inputTokens ?? 0) + (result.usage?.outputTokens ?? 0);
    return { text: result.text, ...choice, usage: { stub: false, tokens } };
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw new CapabilityError(
      'CAP_UPSTREAM_FAILED',
      `The model provider ${choice.provider} failed: ${(error as Error).message}`,
      { details: { provider: choice.provider, model: choice.model }, cause: error },
    );
  }
}

/**
 * The providers of `llm.chat` here, in the order `auto` tries them, the echo stub last (it
 * serves `auto` only when nothing is configured).
 *
 * @example
 * describeChatProviders(providers); // [{ provider: 'openai', kind: 'openai-compatible', … }, { provider: 'stub', … }]
 */
export function describeChatProviders(providers: ChatProviders): CapabilityProvider[] {
  const kinds = new Map((providers.describe?.() ?? []).map((entry) => [entry.provider, entry.kind]));
  const listed = providers.list();
  return [
    ...listed.map((entry) => ({
      provider: entry.provider,
      kind: kinds.get(entry.provider) ?? 'model-provider',
      available: true,
      models: [...entry.models],
    })),
    {
      provider: ECHO_STUB_PROVIDER,
      kind: 'echo-stub',
      available: true,
      models: ['echo'],
      note:
        listed.length === 0 ? 'serves "auto": no model provider is configured' : 'only when asked for "stub"',
    },
  ];
}
