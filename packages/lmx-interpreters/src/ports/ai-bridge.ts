import type { BridgeCallOptions } from './bridge-call-options.js';
import type { JsonValue } from './json-value.js';

/** One model question as `lmai` asks it. */
export interface AiQuestion {
  model: string;
  prompt: string;
  system?: string;
  /** A JSON schema the answer must follow. */
  schema?: JsonValue;
}

/**
 * Drives a language model for `lmai`; `auto` may fall back to an echo stub, reported as
 * `usage.stub`. Created per request for the requesting user.
 *
 * @example
 * ```ts
 * const ai: AiBridge = { ask: async (question) => ({ text: question.prompt, usage: { stub: true, tokens: 0 } }) };
 * ```
 */
export interface AiBridge {
  ask(
    request: AiQuestion,
    options: BridgeCallOptions,
  ): Promise<{ text: string; json?: JsonValue; usage: { stub: boolean; tokens: number } }>;
}
