import type {
  IdentityInvalidationListener,
  IdentityInvalidationMessage,
  IdentityInvalidations,
} from '../ports/identity-invalidations.js';

/** An in-memory invalidation bus joining several gates, with a switch to take it down. */
export interface MemoryInvalidationBus {
  /** One more gate's end of the bus (pass it as `createGate({ invalidations })`). */
  connect(): IdentityInvalidations;
  /** Every message published, in order. */
  readonly published: readonly IdentityInvalidationMessage[];
  /** Takes the bus down (messages are lost) or brings it back (listeners hear `resumed`). */
  setLive(live: boolean): void;
}

/**
 * Creates an in-memory bus that delivers each invalidation to every connected gate (the
 * publishing one included, as the server's broadcast does), synchronously.
 *
 * @example
 * const bus = createMemoryInvalidationBus();
 * const a = createGate({ db, mailer, config, invalidations: bus.connect() });
 * const b = createGate({ db, mailer, config, invalidations: bus.connect() });
 */
export function createMemoryInvalidationBus(): MemoryInvalidationBus {
  const listeners: IdentityInvalidationListener[] = [];
  const published: IdentityInvalidationMessage[] = [];
  let live = true;
  return {
    published,
    connect: () => ({
      publish(message) {
        if (!live) return;
        published.push(message);
        for (const listener of listeners) listener.received(message);
      },
      subscribe: (listener) => void listeners.push(listener),
      isLive: () => live,
    }),
    setLive(next) {
      const resumed = next && !live;
      live = next;
      if (resumed) for (const listener of listeners) listener.resumed();
    },
  };
}
