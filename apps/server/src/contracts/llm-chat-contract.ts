// The contract of `llm.chat`, the vendor-neutral chat capability: the dreamer area registers it,
// the script engine's ai bridge calls it through the registry. Neither imports the other.

/** The id of the vendor-neutral chat capability. */
export const LLM_CHAT_ID = 'llm.chat';

/** One chat answer: who served it and what it cost in tokens (`stub: true`, `tokens: 0` when no model ran). */
export interface ModelChatReply {
  text: string;
  provider: string;
  model: string;
  usage: { stub: boolean; tokens: number };
}

/** What `llm.chat` answers: the text, the parsed JSON when `format` is `json`, who served it, usage. */
export type ChatResult = ModelChatReply & { json?: unknown };
