// Test support for the client suites: a real loopback HTTP server writing server-sent events
// in chosen pieces. Kept out of src/ so the package never ships node:http.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server for the client tests; not part of the published surface. */
export interface SseTestServer {
  url: string;
  /** Every request body received, parsed as JSON. */
  bodies: unknown[];
  /** Every request's headers. */
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

/** Handles one request; `closed` settles when the client has gone away. */
export type SseTestHandler = (response: ServerResponse, closed: Promise<void>) => void | Promise<void>;

/**
 * Starts a real `node:http` server on 127.0.0.1 with a random port.
 *
 * @example
 * const server = await startSseTestServer((response) => response.end());
 */
export async function startSseTestServer(handler: SseTestHandler): Promise<SseTestServer> {
  const bodies: unknown[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const server = createServer(async (request, response) => {
    const closed = new Promise<void>((resolve) => response.once('close', resolve));
    headers.push(request.headers);
    let text = '';
    for await (const chunk of request) text += String(chunk);
    bodies.push(text === '' ? undefined : JSON.parse(text));
    await handler(response, closed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    headers,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Writes the parts one by one, each flushed before the next, so they reach the client as
 * separate chunks wherever the parts split the bytes.
 *
 * @example
 * await writeParts(response, [Buffer.from('data: a\r'), Buffer.from('\n\r\n')]);
 */
export async function writeParts(
  response: ServerResponse,
  parts: readonly (string | Uint8Array)[],
): Promise<void> {
  for (const part of parts) {
    await new Promise<void>((resolve, reject) =>
      response.write(part, (error) => (error ? reject(error) : resolve())),
    );
    // Let the socket send the part on its own before the next one is queued.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Starts an event-stream answer.
 *
 * @example
 * openEventStream(response);
 */
export function openEventStream(response: ServerResponse, status = 200): void {
  response.writeHead(status, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  response.flushHeaders();
}
