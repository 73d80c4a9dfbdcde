import type { ChatMessage } from '@svc/dreamer-core';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { type ChatResult, LLM_CHAT_ID } from '../contracts/llm-chat-contract.js';
import { CapabilityError } from '../errors/capability-error.js';
import { type ChatProviders, chatWithModel, describeChatProviders } from './model-chat.js';

interface ChatArgs {
  model?: string;
  messages: ChatMessage[];
  format?: 'text' | 'json';
}

const CHAT_INPUT = {
  type: 'object',
  required: ['messages'],
  additionalProperties: false,
  properties: {
    model: {
      type: 'string',
      maxLength: 200,
      description:
        '"auto" (default: the first configured model, else the echo stub), "stub", a model name, or "provider/model".',
    },
    messages: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['role', 'content'],
        additionalProperties: false,
        properties: {
          role: { type: 'string', enum: ['system', 'user', 'assistant'] },
          content: { type: 'string', maxLength: 100_000 },
        },
      },
    },
    format: { type: 'string', enum: ['text', 'json'], description: 'json: the answer must parse as JSON.' },
  },
} as const;

/**
 * `llm.chat`, plane `capability`: one chat completion served by whichever provider this
 * install has (OpenAI-compatible, Anthropic, or the echo stub), through the same provider
 * registry as the ideation pipeline. Reports the provider that served it as a trace event.
 *
 * @example
 * registry.register(createLlmChatCapability(dreamer.providers));
 */
export function createLlmChatCapability(providers: ChatProviders): Capability {
  return defineCapability<ChatArgs, ChatResult>({
    id: LLM_CHAT_ID,
    plane: 'capability',
    title: 'Chat with a language model',
    description:
      'One chat completion from the configured model providers (OpenAI-compatible, Anthropic) or the echo stub: { text, json?, provider, model, usage: { stub, tokens } }. usage.stub is true when no model ran.',
    input: CHAT_INPUT,
    policy: {
      access: 'account',
      meter: `tool:${LLM_CHAT_ID}`,
      rateLimit: { max: 60, windowMs: 60_000, per: 'user' },
    },
    timeoutMs: 90_000,
    providers: () => describeChatProviders(providers),
    async run(args, { signal, trace }) {
      const format = args.format ?? 'text';
      const reply = await chatWithModel(
        providers,
        {
          model: args.model ?? 'auto',
          messages: args.messages,
          outputFormat: format,
          signal,
        },
        (choice) => trace({ type: 'provider', ...choice }),
      );
      if (format !== 'json' || reply.usage.stub) return reply;
      try {
        return { ...reply, json: JSON.parse(reply.text) as unknown };
      } catch {
        throw new CapabilityError(
          'CAP_UPSTREAM_FAILED',
          `${reply.provider}/${reply.model} did not answer JSON.`,
          {
            details: { provider: reply.provider, model: reply.model },
          },
        );
      }
    },
  });
}
