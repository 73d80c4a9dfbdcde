import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompletionRequest } from '@svc/dreamer-core';
import { describe, expect, it } from 'vitest';
import type { OpenAiCompatibleProviderConfig } from '../../config/model-config.js';
import { startFakeModelServer } from '../../testing/fake-model-server.js';
import { failureOf, useFakeModelServer } from '../../testing/provider-test-helpers.js';
import { createOpenAiCompatibleProvider } from './openai-compatible-provider.js';
import { MAX_ANSWER_BYTES } from './send-model-request.js';

const KEY = 'sk-test-do-not-leak-4242';
const server = useFakeModelServer();

function provider(overrides: Partial<OpenAiCompatibleProviderConfig> = {}, fetchImpl?: typeof fetch) {
  const config: OpenAiCompatibleProviderConfig = {
    kind: 'openai-compatible',
    name: 'openai',
    baseUrl: server.current.openaiBaseUrl,
    apiKey: undefined,
    models: ['fake-gpt'],
    streaming: true,
    jsonMode: false,
    ...overrides,
  };
  return createOpenAiCompatibleProvider(config, fetchImpl ? { fetch: fetchImpl } : {});
}

function request(overrides: Partial<CompletionRequest> = {}): CompletionRequest {
  return {
    provider: 'openai',
    model: 'fake-gpt',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Ideas about bees\nmore text' },
    ],
    signal: new AbortController().signal,
    outputFormat: 'markdown',
    ...overrides,
  };
}

describe('OpenAI-compatible provider, JSON answers', () => {
  it('reads the text and usage and sends a plain chat-completions request without a key', async () => {
    server.current.enqueue({ text: 'five ideas', usage: { input: 12, output: 3 } });
    const result = await provider({ streaming: false }).complete(request());
    expect(result).toEqual({ text: 'five ideas', usage: { inputTokens: 12, outputTokens: 3 } });
    const [sent] = server.current.requests;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({ model: 'fake-gpt', messages: request().messages, stream: false });
  });

  it('omits usage when the server does not report it', async () => {
    server.current.enqueue({ text: 'no counts', usage: null });
    expect(await provider({ streaming: false }).complete(request())).toEqual({ text: 'no counts' });
  });

  it('asks for a JSON object only for JSON stages of a provider with JSON mode on', async () => {
    await provider({ streaming: false, jsonMode: true }).complete(request({ outputFormat: 'json' }));
    await provider({ streaming: false, jsonMode: true }).complete(request({ outputFormat: 'markdown' }));
    await provider({ streaming: false, jsonMode: false }).complete(request({ outputFormat: 'json' }));
    expect(server.current.requests.map((sent) => sent.body.response_format)).toEqual([
      { type: 'json_object' },
      undefined,
      undefined,
    ]);
  });

  it('refuses a 2xx body that is not JSON as a bad response', async () => {
    server.current.enqueue({ status: 200, errorBody: '<html>proxy login</html>' });
    const error = await failureOf(provider({ streaming: false }).complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
  });

  it('refuses JSON without choices[0].message.content as a bad response', async () => {
    server.current.enqueue({ status: 200, errorBody: { object: 'list', data: [] } });
    const error = await failureOf(provider({ streaming: false }).complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
  });
});

describe('OpenAI-compatible provider, streaming', () => {
  it('assembles the deltas, reads usage from the final usage-only chunk and sends the bearer key', async () => {
    server.current.enqueue({ text: 'one two three four', usage: { input: 20, output: 4 } });
    const result = await provider({ apiKey: KEY }).complete(request());
    expect(result).toEqual({ text: 'one two three four', usage: { inputTokens: 20, outputTokens: 4 } });
    const [sent] = server.current.requests;
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(sent?.closedByClient).toBe(false);
  });

  it('omits usage when no chunk carries it', async () => {
    server.current.enqueue({ text: 'quiet', usage: null });
    expect(await provider().complete(request())).toEqual({ text: 'quiet' });
  });

  it('answers deterministically by default: the model and the first line of the last user message', async () => {
    expect((await provider().complete(request())).text).toBe('[fake-gpt] Ideas about bees');
  });

  it('turns a socket dropped mid-stream into a retryable network error', async () => {
    server.current.enqueue({ text: 'a b c d e f', dropAfterChunks: 3 });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_NETWORK_ERROR', retryable: true });
  });

  it('refuses a 2xx answer that is not an event stream as a bad response', async () => {
    server.current.enqueue({ status: 200, errorBody: { choices: [] } });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
  });
});

describe('OpenAI-compatible provider, failures', () => {
  it('reports a 401 with the upstream message, not retryable, never showing the key', async () => {
    server.current.enqueue({
      status: 401,
      errorBody: { error: { message: `Incorrect API key provided: ${KEY}.` } },
    });
    const error = await failureOf(provider({ apiKey: KEY }).complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', status: 401, retryable: false });
    expect(error.message).toBe('openai answered 401: Incorrect API key provided: [redacted].');
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(KEY);
  });

  it.each([429, 500, 503])('carries status %i and marks it retryable', async (status) => {
    server.current.enqueue({ status });
    const error = await failureOf(provider({ streaming: false }).complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', status, retryable: true });
    expect(error.message).toContain(`fake upstream error ${status}`);
  });

  it('reads the wait a 429 asks for from retry-after-ms or Retry-After', async () => {
    server.current.enqueue(
      { status: 429, errorHeaders: { 'retry-after-ms': '1500' } },
      { status: 429, errorHeaders: { 'retry-after': '3' } },
      { status: 503 },
    );
    expect(await failureOf(provider().complete(request()))).toMatchObject({
      status: 429,
      retryAfterMs: 1500,
    });
    expect(await failureOf(provider().complete(request()))).toMatchObject({
      status: 429,
      retryAfterMs: 3000,
    });
    expect((await failureOf(provider().complete(request()))).retryAfterMs).toBeUndefined();
  });

  it('truncates a long upstream message', async () => {
    server.current.enqueue({ status: 400, errorBody: { error: 'x'.repeat(5000) } });
    const error = await failureOf(provider().complete(request()));
    expect(error.message.length).toBeLessThan(400);
  });

  it('drops an answer past MAX_ANSWER_BYTES, JSON or streamed, and closes the connection', async () => {
    server.current.enqueue({ text: 'x'.repeat(MAX_ANSWER_BYTES + 1) });
    const json = await failureOf(provider({ streaming: false }).complete(request()));
    expect(json).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
    let closed = false;
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = `data: ${JSON.stringify({ choices: [{ delta: { content: 'y'.repeat(60_000) } }] })}\n\n`;
      const pump = (): void => {
        while (!res.destroyed && res.write(frame));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const { port } = endless.address() as AddressInfo;
    try {
      const streamed = await failureOf(provider({ baseUrl: `http://127.0.0.1:${port}` }).complete(request()));
      expect(streamed).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
      expect(streamed.message).toContain(`more than ${MAX_ANSWER_BYTES} bytes`);
      await expect.poll(() => closed).toBe(true);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('turns an unreachable server into a retryable network error', async () => {
    const gone = await startFakeModelServer();
    await gone.close();
    const error = await failureOf(provider({ baseUrl: gone.openaiBaseUrl }).complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_NETWORK_ERROR', retryable: true });
  });

  it('closes the upstream connection and rejects with the reason when aborted mid-stream', async () => {
    let headersArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      headersArrived = resolve;
    });
    const watchingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      headersArrived();
      return response;
    };
    server.current.enqueue({ text: 'a b c d e f g', chunkDelayMs: 600_000 });
    const controller = new AbortController();
    const answer = provider({}, watchingFetch).complete(request({ signal: controller.signal }));
    await arrived;
    const reason = new Error('client went away');
    controller.abort(reason);
    await expect(answer).rejects.toBe(reason);
    const [sent] = await server.current.waitForRequests(1);
    await sent?.finished;
    expect(sent?.closedByClient).toBe(true);
  });

  it('rejects with the reason when aborted before any answer arrives', async () => {
    server.current.enqueue({ hang: true });
    const controller = new AbortController();
    const answer = provider({ streaming: false }).complete(request({ signal: controller.signal }));
    const [sent] = await server.current.waitForRequests(1);
    controller.abort();
    await expect(answer).rejects.toBe(controller.signal.reason);
    await sent?.finished;
    expect(sent?.closedByClient).toBe(true);
  });
});
