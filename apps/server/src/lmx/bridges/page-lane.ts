import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** The page reads shared by every `lmq` run of a server. */
export interface PageLane {
  /**
   * Runs `read` once a place in the lane is free and every read queued before it has started,
   * always after one more turn of the event loop; `read`'s answer or error is the call's.
   */
  run<T>(read: () => Promise<T>): Promise<T>;
}

/** Options of {@link createPageLane}. */
export interface PageLaneOptions {
  /** Reads in flight at once. */
  width: number;
  /**
   * After a read, its place stays taken this many times as long as the read took (at most a
   * second), so reads that block the main thread take at most `1 / (1 + rest)` of it.
   */
  rest: number;
}

const MAX_REST_MS = 1000;

/**
 * A first-come, first-served lane for the page reads of all `lmq` queries of one server, `width`
 * reads at a time. With the synchronous SQLite driver, reading a page is main-thread work, and
 * several queries reading at once would run their pages back to back in one turn of the event
 * loop: in a lane of width 1 the queries take turns, one page each, and after each page the lane
 * rests as long as the page took (`rest: 1`), so `/healthz` and every other request wait for one
 * page at most and keep at least half of the main thread, however many queries read. A database
 * reached over the network (PostgreSQL) works off the main thread: a few reads may wait on it at
 * once, with no rest.
 *
 * @example
 * const lane = createPageLane({ width: 1, rest: 1 });
 * const page = await lane.run(() => data.list({ user, collection, maxBytes: LMQ_PAGE_BYTES }));
 */
export function createPageLane(options: PageLaneOptions): PageLane {
  const width = Math.max(1, Math.floor(options.width));
  const rest = Math.max(0, options.rest);
  const waiting: (() => void)[] = [];
  let running = 0;
  const startNext = (): void => {
    if (running >= width) return;
    const start = waiting.shift();
    if (start === undefined) return;
    running += 1;
    start();
  };
  return {
    async run(read) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        startNext();
      });
      const release = (): void => {
        running -= 1;
        startNext();
      };
      await nextTurn();
      const started = performance.now();
      try {
        return await read();
      } finally {
        const restMs = Math.min(MAX_REST_MS, (performance.now() - started) * rest);
        if (restMs > 0) void sleep(restMs).then(release);
        else release();
      }
    },
  };
}
