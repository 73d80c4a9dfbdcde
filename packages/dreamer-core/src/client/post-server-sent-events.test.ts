import { afterEach, describe, expect, it } from 'vitest';
import {
  openEventStream,
  type SseTestServer,
  startSseTestServer,
  writeParts,
} from '../../test/sse-test-server.js';
import { isDreamClientError, SseHttpError } from './client-errors.js';
import { postServerSentEvents } from './post-server-sent-events.js';
import type { ServerSentEvent } from './read-server-sent-events.js';

async function collect(iterable: AsyncIterable<ServerSentEvent>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

async function failureOf(iterable: AsyncIterable<unknown>): Promise<unknown> {
  try {
    for await (const _ of iterable);
  } catch (error) {
    return error;
  }
  throw new Error('expected the stream to fail');
}

describe('posting for server-sent events', () => {
  let server: SseTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('posts the body as JSON asking for an event stream, and yields the events and comments', async () => {
    server = await startSseTestServer(async (response) => {
      openEventStream(response);
      await writeParts(response, [': ping\n\n', 'event: hello\ndata: {"n":1}\n\n']);
      response.end();
    });
    const comments: string[] = [];
    const events = await collect(
      postServerSentEvents(`${server.url}/stream`, {
        body: { topic: 'bees' },
        headers: { authorization: 'Bearer svc_test' },
        onComment: (text) => comments.push(text),
      }),
    );
    expect(events).toEqual([{ event: 'hello', data: '{"n":1}' }]);
    expect(comments).toEqual(['ping']);
    expect(server.bodies).toEqual([{ topic: 'bees' }]);
    expect(server.headers[0]).toMatchObject({
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: 'Bearer svc_test',
    });
  });

  it('throws the server JSON error with its status and code on a non-2xx answer', async () => {
    server = await startSseTestServer((response) => {
      response.writeHead(402, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { code: 'GATE_INSUFFICIENT_BALANCE', message: 'Not enough credit', details: { need: 3 } },
        }),
      );
    });
    const error = await failureOf(postServerSentEvents(server.url, { body: {} }));
    expect(error).toBeInstanceOf(SseHttpError);
    expect(isDreamClientError(error, 'DREAM_HTTP_ERROR')).toBe(true);
    expect(error).toMatchObject({
      status: 402,
      body: {
        error: { code: 'GATE_INSUFFICIENT_BALANCE', message: 'Not enough credit', details: { need: 3 } },
      },
      message: 'HTTP 402 GATE_INSUFFICIENT_BALANCE: Not enough credit',
    });
  });

  it('throws an HTTP error without a body when the refusal is not JSON', async () => {
    server = await startSseTestServer((response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    });
    const error = await failureOf(postServerSentEvents(server.url, { body: {} }));
    expect(error).toMatchObject({ code: 'DREAM_HTTP_ERROR', status: 502, body: undefined });
    expect((error as Error).message).toBe('HTTP 502 <h1>Bad gateway</h1>');
  });

  it('throws a protocol error on a 2xx answer that is not an event stream', async () => {
    server = await startSseTestServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"runId":"r1"}');
    });
    const error = await failureOf(postServerSentEvents(server.url, { body: {} }));
    expect(error).toMatchObject({ code: 'DREAM_STREAM_PROTOCOL' });
    expect((error as Error).message).toContain("got 'application/json'");
  });

  it('aborts the request and closes the connection when the signal aborts', async () => {
    let serverSawClose: Promise<void> | undefined;
    server = await startSseTestServer(async (response, closed) => {
      serverSawClose = closed;
      openEventStream(response);
      await writeParts(response, ['data: one\n\n']);
    });
    const controller = new AbortController();
    const events = postServerSentEvents(server.url, { body: {}, signal: controller.signal });
    expect((await events.next()).value).toEqual({ event: 'message', data: 'one' });
    const pending = events.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await serverSawClose;
  });

  it('refuses a URL that is not http(s) and a missing body before any request', async () => {
    await expect(postServerSentEvents('ftp://example.test', { body: {} }).next()).rejects.toMatchObject({
      code: 'DREAM_CLIENT_INVALID_OPTIONS',
    });
    await expect(postServerSentEvents('not a url', { body: {} }).next()).rejects.toMatchObject({
      code: 'DREAM_CLIENT_INVALID_OPTIONS',
    });
    await expect(
      postServerSentEvents('http://127.0.0.1:9', {} as { body: unknown }).next(),
    ).rejects.toMatchObject({ code: 'DREAM_CLIENT_INVALID_OPTIONS' });
  });
});
