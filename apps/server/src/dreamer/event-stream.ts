import type { FastifyReply } from 'fastify';

/** The SSE comment heartbeat interval: proxies and clients keep an idle stream open. */
export const HEARTBEAT_MS = 15_000;

/** A server-sent event stream on a hijacked reply. */
export interface EventStream {
  /** Writes one event: `event: <name>` and its JSON `data`. Ignored once closed. */
  send(name: string, data: unknown): void;
  /** Ends the stream (stops the heartbeat). Idempotent. */
  close(): void;
  /** True once the stream ended or the client went away. */
  readonly closed: boolean;
}

/**
 * Takes over `reply` and opens a `text/event-stream` on it, with a `: ping` comment every
 * {@link HEARTBEAT_MS} until it is closed or the client goes away (pair it with
 * `abortOnDisconnect(reply)` to stop the work behind it).
 *
 * @example
 * const stream = openEventStream(reply);
 * stream.send('start', { runId });
 * stream.close();
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': reply.request.id,
    // One stream per connection: a socket kept alive after a hijacked response is invisible to
    // Fastify's shutdown, which would then wait out the keep-alive timeout.
    connection: 'close',
  });
  response.flushHeaders();
  let closed = false;
  const write = (chunk: string): void => {
    if (!closed && !response.destroyed) response.write(chunk);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  response.once('close', () => {
    closed = true;
    clearInterval(heartbeat);
  });
  return {
    send(name, data) {
      // JSON never contains a raw newline, so one `data:` line holds the whole payload.
      write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      response.end();
    },
    get closed() {
      return closed || response.destroyed;
    },
  };
}
