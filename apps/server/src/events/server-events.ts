/** What each in-process event carries; every event names the user it concerns (`owner`). */
export interface ServerEventMap {
  /** The data service deleted a document (any route, any collection). */
  'gate.document.deleted': { owner: string; collection: string; id: string };
  /** An ideation run ended (`done`, `error` or `aborted`), on any surface. */
  'dreamer.run.finished': { owner: string; runId: string | null; status: string };
  /** A book export job ended. */
  'activity.export.finished': { owner: string; bookId: string; jobId: string; status: 'done' | 'error' };
}

/** An event name. */
export type ServerEventName = keyof ServerEventMap;

/** The names, for validation of automation triggers. */
export const SERVER_EVENT_NAMES: readonly ServerEventName[] = [
  'gate.document.deleted',
  'dreamer.run.finished',
  'activity.export.finished',
];

/** A listener; its failures are reported to `onError`, never to the emitter. */
export type ServerEventListener<Name extends ServerEventName> = (
  payload: ServerEventMap[Name],
) => void | Promise<void>;

/** The server's typed in-process emitter. */
export interface ServerEvents {
  /** Calls every listener of `name` (asynchronously; the emitter never waits or fails). */
  emit<Name extends ServerEventName>(name: Name, payload: ServerEventMap[Name]): void;
  /** Adds a listener; the answer removes it. */
  on<Name extends ServerEventName>(name: Name, listener: ServerEventListener<Name>): () => void;
}

/**
 * Creates the server's event emitter: areas emit what happened (a document deleted, a run
 * finished) and others listen (automations with an `event` trigger) without importing each
 * other. Listeners run after the current task; a listener that throws or rejects is reported
 * to `onError` and the others still run.
 *
 * @example
 * const events = createServerEvents((error) => app.log.error({ err: error }, 'event listener failed'));
 * events.on('dreamer.run.finished', ({ owner, runId }) => …);
 */
export function createServerEvents(onError: (error: unknown, name: ServerEventName) => void): ServerEvents {
  const listeners = new Map<ServerEventName, Set<ServerEventListener<never>>>();
  return {
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        queueMicrotask(() => {
          try {
            Promise.resolve((listener as ServerEventListener<typeof name>)(payload)).catch((error: unknown) =>
              onError(error, name),
            );
          } catch (error) {
            onError(error, name);
          }
        });
      }
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener as ServerEventListener<never>);
      return () => set.delete(listener as ServerEventListener<never>);
    },
  };
}
