import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompletionRequest } from '@svc/dreamer-core';
import { describe, expect, it } from 'vitest';
import type { AnthropicProviderConfig } from '../../config/model-config.js';
import { failureOf, useFakeModelServer } from '../../testing/provider-test-helpers.js';
import { createAnthropicProvider, toAnthropicMessages } from './anthropic-provider.js';

const KEY = 'sk-ant-test-do-not-leak-77';
const server = useFakeModelServer();

function provider(overrides: Partial<AnthropicProviderConfig> = {}, fetchImpl?: typeof fetch) {
  const config: AnthropicProviderConfig = {
    kind: 'anthropic',
    name: 'anthropic',
    baseUrl: server.current.anthropicBaseUrl,
    apiKey: KEY,
    models: ['fake-claude'],
    streaming: true,
    maxTokens: 1024,
    ...overrides,
  };
  return createAnthropicProvider(config, fetchImpl ? { fetch: fetchImpl } : {});
}

function request(overrides: Partial<CompletionRequest> = {}): CompletionRequest {
  return {
    provider: 'anthropic',
    model: 'fake-claude',
    messages: [
      { role: 'system', content: 'You are a strategist.' },
      { role: 'system', content: 'Answer in markdown.' },
      { role: 'user', content: 'Ideas about bees' },
      { role: 'user', content: 'Prior output' },
    ],
    signal: new AbortController().signal,
    outputFormat: 'markdown',
    ...overrides,
  };
}

describe('Anthropic provider, requests', () => {
  it('puts system messages in the top-level system and merges consecutive same-role turns', async () => {
    await provider({ streaming: false }).complete(request());
    const [sent] = server.current.requests;
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.body).toEqual({
      model: 'fake-claude',
      max_tokens: 1024,
      system: 'You are a strategist.\n\nAnswer in markdown.',
      messages: [{ role: 'user', content: 'Ideas about bees\n\nPrior output' }],
      stream: false,
    });
    expect(sent?.headers['x-api-key']).toBe(KEY);
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it('keeps alternating turns apart and leaves out an empty system', () => {
    expect(
      toAnthropicMessages([
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ]),
    ).toEqual({
      system: '',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
    });
  });

  it('sends no x-api-key without a key', async () => {
    await provider({ apiKey: undefined, streaming: false }).complete(request());
    expect(server.current.requests[0]?.headers['x-api-key']).toBeUndefined();
  });
});

describe('Anthropic provider, answers', () => {
  it('joins the text blocks of a JSON answer and reads usage', async () => {
    server.current.enqueue({ text: 'five ideas', usage: { input: 30, output: 5 } });
    const result = await provider({ streaming: false }).complete(request());
    expect(result).toEqual({ text: 'five ideas', usage: { inputTokens: 30, outputTokens: 5 } });
  });

  it('assembles a streamed answer with usage from message_start and the cumulative message_delta', async () => {
    server.current.enqueue({ text: 'alpha beta gamma', usage: { input: 40, output: 9 } });
    const result = await provider().complete(request());
    expect(result).toEqual({ text: 'alpha beta gamma', usage: { inputTokens: 40, outputTokens: 9 } });
    expect(server.current.requests[0]?.body.stream).toBe(true);
  });

  it.each([true, false])('omits usage when the answer carries none (streaming %s)', async (streaming) => {
    server.current.enqueue({ text: 'quiet', usage: null });
    expect(await provider({ streaming }).complete(request())).toEqual({ text: 'quiet' });
  });

  it('refuses a JSON body that is not a message as a bad response', async () => {
    server.current.enqueue({ status: 200, errorBody: { hello: 'world' } });
    const error = await failureOf(provider({ streaming: false }).complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
  });
});

describe('Anthropic provider, failures', () => {
  it('reports a 401 with the upstream message, not retryable, never showing the key', async () => {
    server.current.enqueue({
      status: 401,
      errorBody: {
        type: 'error',
        error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` },
      },
    });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', status: 401, retryable: false });
    expect(error.message).toBe('anthropic answered 401: invalid x-api-key [redacted]');
  });

  it.each([429, 500, 529])('carries status %i and marks it retryable', async (status) => {
    server.current.enqueue({ status });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', status, retryable: true });
  });

  it('turns an overloaded_error stream event into a retryable 529', async () => {
    server.current.enqueue({
      text: 'partial answer here',
      anthropicErrorEvent: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', status: 529, retryable: true });
    expect(error.message).toBe('anthropic reported overloaded_error: Overloaded');
  });

  it('turns an invalid_request_error stream event into a non-retryable 400', async () => {
    server.current.enqueue({
      text: 'x',
      anthropicErrorEvent: { type: 'invalid_request_error', message: 'bad' },
    });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ status: 400, retryable: false });
  });

  it('turns a socket dropped mid-stream into a retryable network error', async () => {
    server.current.enqueue({ text: 'a b c d e f', dropAfterChunks: 4 });
    const error = await failureOf(provider().complete(request()));
    expect(error).toMatchObject({ code: 'MODEL_NETWORK_ERROR', retryable: true });
  });

  it('turns a stream that ends cleanly before message_stop into a retryable network error', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        'event: content_block_delta\ndata: {"type":"content_block_delta","delta":{"type":"text_delta","text":"hi"}}\n\n',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await failureOf(provider({ baseUrl: `http://127.0.0.1:${port}` }).complete(request()));
      expect(error).toMatchObject({ code: 'MODEL_NETWORK_ERROR', retryable: true });
      expect(error.message).toContain('ended before its final event');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a stream event whose data is not JSON as a bad response', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: message_start\ndata: not json\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await failureOf(provider({ baseUrl: `http://127.0.0.1:${port}` }).complete(request()));
      expect(error).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
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
    const reason = new Error('run aborted');
    controller.abort(reason);
    await expect(answer).rejects.toBe(reason);
    const [sent] = await server.current.waitForRequests(1);
    await sent?.finished;
    expect(sent?.closedByClient).toBe(true);
  });
});
