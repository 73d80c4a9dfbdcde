import type { DataEvents, DeletedDocument, WrittenDocument } from '@svc/gate';

/** The gate's `DataEvents` port, fanned out to the areas that subscribe. */
export interface DataEventHub extends DataEvents {
  /** Adds a listener; the areas' plugins subscribe when they register. Returns the unsubscribe. */
  subscribe(listener: DataEvents): () => void;
  documentDeleted(document: DeletedDocument): Promise<void>;
  documentWritten(document: WrittenDocument): Promise<void>;
}

/**
 * Creates the hub `buildServer` hands to `createGate({ dataEvents })` before any area exists, so
 * an area plugin (activity: a deleted book loses its exports; automations: a stored automation is
 * indexed) can listen without the gate being built around it. Listeners run in subscription
 * order; each catches its own failures (the port's contract), and a rejection still reaches the
 * caller of the data service.
 *
 * @example
 * const dataEvents = createDataEventHub();
 * const gate = createGate({ db, mailer, config, dataEvents });
 * dataEvents.subscribe({ documentDeleted: async (document) => removeExports(document.id) });
 */
export function createDataEventHub(): DataEventHub {
  const listeners = new Set<DataEvents>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async documentDeleted(document) {
      for (const listener of listeners) await listener.documentDeleted?.(document);
    },
    async documentWritten(document) {
      for (const listener of listeners) await listener.documentWritten?.(document);
    },
  };
}
