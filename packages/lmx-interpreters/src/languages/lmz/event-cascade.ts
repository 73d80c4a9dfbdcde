import { matchesEventPattern } from './event-pattern.js';

/** One event in the cascade: its name, payload and how many emits led to it. */
export interface CascadeEvent<Payload> {
  readonly name: string;
  readonly payload: Payload;
  /** 0 for an event emitted at the top level, n + 1 for one emitted by a rule handling a depth-n event. */
  readonly depth: number;
}

/** A rule as the cascade sees it: its position in the source and its pattern. */
export interface CascadeRule {
  readonly pattern: string;
}

/** One firing: which rule (0-based index) handled which event. */
export interface CascadeFiring<Payload> {
  readonly rule: number;
  readonly event: CascadeEvent<Payload>;
}

/** What the host language supplies: the `WHERE` test and the `DO` body. */
export interface CascadeHandlers<Payload> {
  /** Evaluates the rule's `WHERE` (true when it has none). May throw the language's runtime fault. */
  readonly accepts: (rule: number, event: CascadeEvent<Payload>) => boolean;
  /** Runs the rule's body; `emit` queues a follow-up event. May throw the language's runtime fault. */
  readonly fire: (
    rule: number,
    event: CascadeEvent<Payload>,
    emit: (name: string, payload: Payload) => void,
  ) => void;
}

/** The bounds of one cascade. */
export interface CascadeLimits {
  /** Most events processed in one run (default 1000). */
  readonly maxEvents: number;
  /** Longest chain of emits (default 64). */
  readonly maxDepth: number;
}

/** The cascade's end: every firing, or the limit that stopped it. */
export type CascadeOutcome<Payload> =
  | { ok: true; firings: CascadeFiring<Payload>[]; events: number }
  | {
      ok: false;
      code: 'E_LIMIT_STEPS' | 'E_LIMIT_DEPTH';
      message: string;
      firings: CascadeFiring<Payload>[];
      events: number;
    };

/** The default bounds: 1000 events, chains of 64 emits. */
export const defaultCascadeLimits: CascadeLimits = { maxEvents: 1000, maxDepth: 64 };

/**
 * Processes events breadth-first: each event taken from the queue is offered to every
 * rule in source order; a rule whose pattern matches and whose `WHERE` accepts (checked
 * just before it would fire) fires, and what it emits joins the end of the queue. An emit
 * loop cannot hang: more than `maxEvents` events end with `E_LIMIT_STEPS`, a chain deeper
 * than `maxDepth` with `E_LIMIT_DEPTH`, both naming the event that crossed the bound.
 *
 * @example
 * const outcome = runEventCascade({
 *   initial: [{ name: 'order.paid', payload: 150 }],
 *   rules: [{ pattern: 'order.*' }],
 *   handlers: { accepts: () => true, fire: () => {} },
 * });
 * outcome.ok && outcome.firings.length; // 1
 */
export function runEventCascade<Payload>(options: {
  initial: ReadonlyArray<{ name: string; payload: Payload }>;
  rules: readonly CascadeRule[];
  handlers: CascadeHandlers<Payload>;
  limits?: Partial<CascadeLimits>;
}): CascadeOutcome<Payload> {
  const limits = { ...defaultCascadeLimits, ...options.limits };
  const queue: CascadeEvent<Payload>[] = [];
  const firings: CascadeFiring<Payload>[] = [];
  let processed = 0;
  try {
    for (const event of options.initial) enqueue({ ...event, depth: 0 });
    for (let head = 0; head < queue.length; head += 1) {
      const event = queue[head] as CascadeEvent<Payload>;
      processed += 1;
      options.rules.forEach((rule, index) => {
        if (!matchesEventPattern(rule.pattern, event.name) || !options.handlers.accepts(index, event)) return;
        firings.push({ rule: index, event });
        options.handlers.fire(index, event, (name, payload) =>
          enqueue({ name, payload, depth: event.depth + 1 }),
        );
      });
    }
  } catch (error) {
    if (!(error instanceof CascadeLimitReached)) throw error;
    return { ok: false, code: error.code, message: error.message, firings, events: processed };
  }
  return { ok: true, firings, events: processed };

  // Every queued event will be processed, so the bounds are checked when an event is emitted:
  // a rule emitting a million events stops at the first one too many, not after queueing them all.
  function enqueue(event: CascadeEvent<Payload>): void {
    if (queue.length >= limits.maxEvents) {
      throw new CascadeLimitReached(
        'E_LIMIT_STEPS',
        `the event cascade passed ${limits.maxEvents} events (emitting ${event.name}); does a rule emit the event it handles?`,
      );
    }
    if (event.depth > limits.maxDepth) {
      throw new CascadeLimitReached(
        'E_LIMIT_DEPTH',
        `the event cascade passed ${limits.maxDepth} chained emits (emitting ${event.name}); does a rule emit the event it handles?`,
      );
    }
    queue.push(event);
  }
}

class CascadeLimitReached extends Error {
  readonly code: 'E_LIMIT_STEPS' | 'E_LIMIT_DEPTH';
  constructor(code: 'E_LIMIT_STEPS' | 'E_LIMIT_DEPTH', message: string) {
    super(message);
    this.code = code;
  }
}
