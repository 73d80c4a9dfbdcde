import type { RequestUser } from '@svc/gate';
import { type AiBridge, BridgeError, type JsonValue } from '@svc/lmx-interpreters';
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';
import { type ChatResult, LLM_CHAT_ID } from '../../contracts/llm-chat-contract.js';
import { createCallBudget } from './call-budget.js';

/** `lmai`'s budget: model calls and seconds per run. */
export const LMAI_MAX_CALLS = 20;
export const LMAI_WINDOW_MS = 60_000;

/** One model call of a run, for the run's `usage`. */
export interface ModelCallRecord {
  provider: string;
  model: string;
  stub: boolean;
  tokens: number;
}

/**
 * The `ai` bridge of one `lmai` run, for one user: each `ASK` is one `llm.chat` through
 * `registry.invoke` on the `lmai` surface, which charges `llm.chat`'s price (`tool:llm.chat`) for
 * every call (402 `GATE_INSUFFICIENT_BALANCE` ends the run when short; refunded when the call
 * fails on the server's side), so it runs on the dreamer's model provider registry and `auto`
 * falls back to the echo stub. Every reply carries
 * `usage { stub, tokens }`. 20 calls in 60 s, then `E_LIMIT_CALLS` / `E_LIMIT_TIME` (also for a
 * call still running when the 60 s end: it is aborted and the run ends with `E_LIMIT_TIME`).
 *
 * @example
 * const { bridge, calls } = createServerAiBridge({ registry, user });
 */
export function createServerAiBridge(deps: {
  registry: CapabilityRegistry;
  user: RequestUser;
  now?: () => number;
}): { bridge: AiBridge; calls: ModelCallRecord[] } {
  const budget = createCallBudget({
    what: 'model',
    calls: LMAI_MAX_CALLS,
    windowMs: LMAI_WINDOW_MS,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const calls: ModelCallRecord[] = [];
  const bridge: AiBridge = {
    async ask(question, options) {
      budget.take();
      const schema = question.schema === undefined ? undefined : JSON.stringify(question.schema);
      const system = [
        ...(question.system ? [question.system] : []),
        ...(schema ? [`Answer with JSON only, following this JSON schema: ${schema}`] : []),
      ].join('\n\n');
      const outcome = await deps.registry.invoke<ChatResult>(
        LLM_CHAT_ID,
        {
          model: question.model,
          messages: [
            ...(system ? [{ role: 'system', content: system }] : []),
            { role: 'user', content: question.prompt },
          ],
          ...(schema ? { format: 'json' } : {}),
        },
        { user: deps.user, surface: 'lmai', signal: budget.signalFor(options.signal) },
      );
      if (!outcome.ok) {
        // Cut off by the end of the window (the call's signal aborted): the run's time is up.
        budget.assertTime();
        throw new BridgeError(`${outcome.error.code}: ${outcome.error.message}`);
      }
      const reply = outcome.result;
      calls.push({ provider: reply.provider, model: reply.model, ...reply.usage });
      return {
        text: reply.text,
        ...(reply.json === undefined ? {} : { json: JSON.parse(JSON.stringify(reply.json)) as JsonValue }),
        usage: { stub: reply.usage.stub, tokens: reply.usage.tokens },
        model: `${reply.provider}/${reply.model}`,
      };
    },
  };
  return { bridge, calls };
}
