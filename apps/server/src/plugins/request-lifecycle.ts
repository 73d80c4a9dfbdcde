import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Hooks every response passes through: the request id of each log line is echoed to the client
 * (`x-request-id`), so a report can be matched to its logs; and once shutdown starts every
 * response ends its keep-alive connection, so `close()` is not held open until idle clients time
 * out (Fastify only does this for requests arriving after close). A connection that sends
 * nothing at all is closed after the headers timeout, and at once when shutdown starts (see
 * {@link closeSilentConnections}); a response whose client stopped reading is cut after
 * `stalledResponseTimeout` (see {@link cutStalledResponses}).
 *
 * @example
 * installRequestLifecycle(app, { stalledResponseTimeout: 60_000 });
 */
export function installRequestLifecycle(
  app: FastifyInstance,
  timeouts: { stalledResponseTimeout: number },
): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const silent = closeSilentConnections(app);
  const stalled = cutStalledResponses(app, timeouts.stalledResponseTimeout);
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    silent.closeAll();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    stalled.stop();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** How long a connection that has sent nothing may still start a request once shutdown begins. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * Node cuts a client that starts a request and never finishes its headers (`headersTimeout`,
 * 408), but not one that connects and sends no byte: such a socket lived until the 10-minute
 * socket timeout, and `app.close()` waited for it (so did a shutdown, until its forced exit).
 * Load balancers open such connections ahead of traffic; a client can open thousands. Here a
 * connection whose first byte has not arrived within the headers timeout is destroyed, and
 * when shutdown starts every connection that has not sent a byte within a second is destroyed: the server
 * never read from it, so nothing is lost and a client may retry anywhere. Connections with a
 * request under way (even one whose headers are still arriving), or idle between requests, are
 * left to Node and Fastify.
 */
function closeSilentConnections(app: FastifyInstance): { closeAll(): void } {
  const waiting = new Set<Socket>();
  const server = app.server;
  server.on('connection', (socket: Socket) => {
    waiting.add(socket);
    const timer = setTimeout(() => {
      // Bytes arrived: the request is under way and Node's own headers timeout answers it (408).
      if (waiting.has(socket) && socket.bytesRead === 0) socket.destroy();
    }, server.headersTimeout);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      waiting.delete(socket);
    });
  });
  const started = (request: { socket: Socket }) => waiting.delete(request.socket);
  server.on('request', started);
  server.on('upgrade', started);
  return {
    closeAll() {
      // A request whose first bytes have arrived is read and served during the drain (Node's
      // headers timeout bounds it); only connections that never sent a byte are dropped, after a
      // short grace: bytes already on their way (a busy event loop reads them late) still count.
      const grace = setTimeout(() => {
        for (const socket of waiting) if (socket.bytesRead === 0) socket.destroy();
      }, SHUTDOWN_GRACE_MS);
      // The open sockets keep the process alive meanwhile; a server that never listened has none.
      grace.unref();
      server.once('close', () => clearTimeout(grace));
    },
  };
}

/**
 * Node's socket timeout (10 minutes) is the only bound on a client that stops reading a response:
 * while its buffers are full the socket is silent both ways, and the response — a backup's
 * one-at-a-time lock, a file handle — is held for those 10 minutes. Here every response under
 * way is sampled a few times per `timeoutMs`. One that waits on its client — its writer told to
 * wait for `drain`, or its end written but not yet taken — and whose socket has neither handed
 * out a byte (`bytesWritten`) nor shed its queue (`writableLength`) for `timeoutMs` is destroyed
 * (its `close` fires, so what it held is released). A slow reader makes room now and then and is
 * never cut; an idle keep-alive socket has no response under way.
 */
function cutStalledResponses(app: FastifyInstance, timeoutMs: number): { stop(): void } {
  const watched = new Map<ServerResponse, { bytes: number; queued: number; since: number }>();
  app.server.on('request', (_request, response: ServerResponse) => {
    watched.set(response, { bytes: -1, queued: -1, since: 0 });
    response.once('close', () => watched.delete(response));
  });
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const [response, state] of watched) {
        const waiting = response.writableNeedDrain || (response.writableEnded && !response.writableFinished);
        const bytes = response.socket?.bytesWritten ?? -1;
        const queued = response.socket?.writableLength ?? -1;
        if (!waiting || bytes !== state.bytes || queued !== state.queued) {
          state.bytes = waiting ? bytes : -1;
          state.queued = waiting ? queued : -1;
          state.since = now;
        } else if (now - state.since >= timeoutMs) {
          app.log.warn(
            { url: response.req?.url, stalledMs: now - state.since },
            'response cut: its client took no byte while the server waited to write',
          );
          watched.delete(response);
          response.destroy();
        }
      }
    },
    Math.max(10, Math.min(1_000, Math.floor(timeoutMs / 4))),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
