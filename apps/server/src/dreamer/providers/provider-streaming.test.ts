import type { CompletionChunk, CompletionRequest } from '@svc/dreamer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../../testing/fake-model-server.js';
import { failureOf } from '../../testing/provider-test-helpers.js';
import { createModelProviderRegistry } from './model-provider-registry.js';

// Both wire formats, end to end over loopback: text reaches the caller while the upstream
// answer is still open (the fake holds the rest until released), and an abort closes it.

const WIRES = [
  // OpenAI: a role-only chunk first, then one chunk per word.
  { kind: 'openai-compatible', name: 'openai', model: 'fake-gpt', holdAfter: 3, base: 'openaiBaseUrl' },
  // Anthropic: message_start, content_block_start and ping come before the first text delta.
  { kind: 'anthropic', name: 'anthropic', model: 'fake-claude', holdAfter: 5, base: 'anthropicBaseUrl' },
] as const;

let fake: FakeModelServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function registryFor(wire: (typeof WIRES)[number], server: FakeModelServer, streaming = true) {
  const base = {
    name: wire.name,
    baseUrl: server[wire.base],
    apiKey: undefined,
    models: [wire.model],
    streaming,
  };
  return createModelProviderRegistry({
    providers: [
      wire.kind === 'anthropic'
        ? { ...base, kind: 'anthropic', maxTokens: 256 }
        : { ...base, kind: 'openai-compatible', jsonMode: false },
    ],
  });
}

function request(wire: (typeof WIRES)[number], signal = new AbortController().signal): CompletionRequest {
  return {
    provider: wire.name,
    model: wire.model,
    messages: [{ role: 'user', content: 'Ideas about bees' }],
    signal,
    outputFormat: 'markdown',
  };
}

describe.each(WIRES)('$kind provider streaming', (wire) => {
  it('yields text while the upstream answer is still open, then done with the whole text and usage', async () => {
    fake = await startFakeModelServer();
    fake.enqueue({
      text: 'one two three four',
      usage: { input: 9, output: 4 },
      holdAfterChunks: wire.holdAfter,
    });
    const chunks = registryFor(wire, fake).stream(request(wire))[Symbol.asyncIterator]();
    let early = '';
    while (early !== 'one two ') {
      const next = await chunks.next();
      if (next.done || next.value.type !== 'delta')
        throw new Error(`expected a delta, got ${JSON.stringify(next)}`);
      early += next.value.text;
    }
    await fake.waitForHold();
    const [sent] = fake.requests;
    let finished = false;
    void sent?.finished.then(() => {
      finished = true;
    });
    await Promise.resolve();
    // The upstream response is still open: this text came before the answer's end.
    expect(finished).toBe(false);
    fake.release();
    const rest: CompletionChunk[] = [];
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) rest.push(next.value);
    const late = rest.flatMap((chunk) => (chunk.type === 'delta' ? [chunk.text] : [])).join('');
    expect(early + late).toBe('one two three four');
    expect(rest.at(-1)).toEqual({
      type: 'done',
      text: 'one two three four',
      usage: { inputTokens: 9, outputTokens: 4 },
    });
    expect(sent?.body.stream).toBe(true);
  });

  it('closes the upstream request when the caller aborts mid-stream', async () => {
    fake = await startFakeModelServer();
    fake.enqueue({ text: 'one two three four', holdAfterChunks: wire.holdAfter });
    const controller = new AbortController();
    const chunks = registryFor(wire, fake).stream(request(wire, controller.signal))[Symbol.asyncIterator]();
    const first = await chunks.next();
    expect(first.value).toMatchObject({ type: 'delta' });
    const [sent] = await fake.waitForRequests(1);
    const reason = new Error('stopped by the test');
    controller.abort(reason);
    const drained = (async () => {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        if (next.value.type === 'done') throw new Error('a stopped stream must not finish');
      }
    })();
    await expect(drained).rejects.toBe(reason);
    await sent?.finished;
    expect(sent?.closedByClient).toBe(true);
  });

  it('answers one done from a JSON request when streaming is off (MODEL_STREAMING=false)', async () => {
    fake = await startFakeModelServer();
    fake.enqueue({ text: 'whole at once', usage: { input: 3, output: 3 } });
    const chunks: CompletionChunk[] = [];
    for await (const chunk of registryFor(wire, fake, false).stream(request(wire))) chunks.push(chunk);
    expect(chunks).toEqual([
      { type: 'done', text: 'whole at once', usage: { inputTokens: 3, outputTokens: 3 } },
    ]);
    expect(fake.requests[0]?.body.stream).toBe(false);
  });
});

describe('registry stream()', () => {
  it('refuses an unknown provider before any request is sent', async () => {
    fake = await startFakeModelServer();
    const wire = WIRES[0];
    const registry = registryFor(wire, fake);
    const error = await failureOf(
      (async () => {
        for await (const _chunk of registry.stream({ ...request(wire), provider: 'elsewhere' })) break;
      })(),
    );
    expect(error.code).toBe('MODEL_UNKNOWN_PROVIDER');
    expect(fake.requests).toHaveLength(0);
  });
});
