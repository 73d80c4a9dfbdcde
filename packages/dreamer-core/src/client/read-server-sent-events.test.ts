import { afterEach, describe, expect, it } from 'vitest';
import {
  openEventStream,
  type SseTestServer,
  startSseTestServer,
  writeParts,
} from '../../test/sse-test-server.js';
import { readServerSentEvents, type ServerSentEvent } from './read-server-sent-events.js';

const encoder = new TextEncoder();
// Multi-line data, CRLF and bare CR line ends, a comment, an id, a 4-byte and a 3-byte character.
const WIRE = encoder.encode(
  ': ping\r\nevent: start\r\ndata: {"a":"🐝 één"}\r\n\r\nid: 7\ndata: line one\ndata: line two\n\n' +
    'event: done\rdata: ✓\r\r',
);
const EXPECTED: ServerSentEvent[] = [
  { event: 'start', data: '{"a":"🐝 één"}' },
  { event: 'message', data: 'line one\nline two', id: '7' },
  { event: 'done', data: '✓' },
];

function responseOf(chunks: readonly Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function collect(response: Response, comments: string[] = []): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(response, { onComment: (text) => comments.push(text) }))
    events.push(event);
  return events;
}

describe('reading server-sent events', () => {
  let server: SseTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('gives the same events wherever one chunk boundary falls, even inside a character or CRLF', async () => {
    for (let split = 0; split <= WIRE.length; split++) {
      const comments: string[] = [];
      const events = await collect(responseOf([WIRE.subarray(0, split), WIRE.subarray(split)]), comments);
      expect(events, `split at byte ${split}`).toEqual(EXPECTED);
      expect(comments).toEqual(['ping']);
    }
  });

  it('gives the same events when every byte is its own chunk', async () => {
    const bytes = Array.from(WIRE, (byte) => Uint8Array.of(byte));
    expect(await collect(responseOf(bytes))).toEqual(EXPECTED);
  });

  it('reads awkwardly chunked bytes from a real HTTP server', async () => {
    const bee = encoder.encode('🐝');
    server = await startSseTestServer(async (response) => {
      openEventStream(response);
      await writeParts(response, [
        ': ping\r',
        '\nevent: start\r\ndata: first ',
        bee.subarray(0, 2),
        bee.subarray(2),
        '\r\ndata: second\r',
        '\n\r',
        '\n',
        'data: unfinished',
      ]);
      response.end();
    });
    const comments: string[] = [];
    const events = await collect(await fetch(server.url), comments);
    expect(events).toEqual([{ event: 'start', data: 'first 🐝\nsecond' }]);
    expect(comments).toEqual(['ping']);
  });

  it('closes the connection when the consumer stops early', async () => {
    let serverSawClose: Promise<void> | undefined;
    server = await startSseTestServer(async (response, closed) => {
      serverSawClose = closed;
      openEventStream(response);
      await writeParts(response, ['data: one\n\n', 'data: two\n\n']);
      // Never ends on its own: only the client going away finishes this request.
    });
    const response = await fetch(server.url);
    for await (const event of readServerSentEvents(response)) {
      expect(event.data).toBe('one');
      break;
    }
    await serverSawClose;
    expect(response.bodyUsed).toBe(true);
  });

  it('stops with the abort reason and closes the connection when the signal aborts', async () => {
    let serverSawClose: Promise<void> | undefined;
    server = await startSseTestServer(async (response, closed) => {
      serverSawClose = closed;
      openEventStream(response);
      await writeParts(response, ['data: one\n\n']);
    });
    const controller = new AbortController();
    const events = readServerSentEvents(await fetch(server.url), { signal: controller.signal });
    expect((await events.next()).value).toEqual({ event: 'message', data: 'one' });
    const pending = events.next(); // waits for bytes the server never sends
    controller.abort(new Error('user stopped'));
    await expect(pending).rejects.toThrow('user stopped');
    await serverSawClose;
  });

  it('refuses an already aborted signal and a value that is not a response', async () => {
    const signal = AbortSignal.abort(new Error('too late'));
    await expect(readServerSentEvents(responseOf([WIRE]), { signal }).next()).rejects.toThrow('too late');
    await expect(readServerSentEvents({} as Response).next()).rejects.toMatchObject({
      code: 'DREAM_CLIENT_INVALID_OPTIONS',
    });
    await expect(readServerSentEvents(new Response(null)).next()).rejects.toMatchObject({
      code: 'DREAM_STREAM_PROTOCOL',
    });
  });

  it('reports a connection cut mid-stream as a protocol error', async () => {
    server = await startSseTestServer(async (response) => {
      openEventStream(response);
      await writeParts(response, ['data: one\n\n', 'data: par']);
      response.destroy();
    });
    const events: ServerSentEvent[] = [];
    const reading = (async () => {
      for await (const event of readServerSentEvents(await fetch(server?.url as string))) events.push(event);
    })();
    await expect(reading).rejects.toMatchObject({ code: 'DREAM_STREAM_PROTOCOL' });
    expect(events).toEqual([{ event: 'message', data: 'one' }]);
  });
});
