import { afterEach, describe, expect, it } from 'vitest';
import {
  openEventStream,
  type SseTestServer,
  startSseTestServer,
  writeParts,
} from '../../test/sse-test-server.js';
import type { RunEvent } from '../runner/run-types.js';
import { streamDream } from './stream-dream.js';

const STEP = {
  key: 'idea',
  label: 'Idea',
  output: 'An idea',
  text: 'An idea',
  model: { provider: 'local', model: 'llama3', source: 'auto' },
  usage: { inputTokens: 5, outputTokens: 3 },
  attempts: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
} as const;

const EVENTS: RunEvent[] = [
  { type: 'start', runId: 'r1', pipeline: 'default', stages: ['idea'], completed: [] },
  { type: 'stage_start', runId: 'r1', key: 'idea', label: 'Idea', model: STEP.model },
  { type: 'stage_delta', runId: 'r1', key: 'idea', text: 'A hive ', attempt: 1 },
  { type: 'stage_delta', runId: 'r1', key: 'idea', text: 'scale', attempt: 1 },
  { type: 'stage_done', runId: 'r1', step: STEP },
  {
    type: 'done',
    runId: 'r1',
    result: {
      runId: 'r1',
      status: 'done',
      steps: [STEP],
      outputs: { idea: 'An idea' },
      usage: { inputTokens: 5, outputTokens: 3, estimated: false, stages: { idea: STEP.usage } },
      models: { idea: STEP.model },
    },
  },
];

function toWire(event: unknown): string {
  const type = (event as { type: string }).type;
  return `event: ${type}\ndata: ${JSON.stringify(event)}\n\n`;
}

async function collect(iterable: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('streaming a dream run', () => {
  let server: SseTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(parts: readonly string[], end = true): Promise<SseTestServer> {
    server = await startSseTestServer(async (response) => {
      openEventStream(response);
      await writeParts(response, parts);
      if (end) response.end();
    });
    return server;
  }

  it('posts the arguments to the stream route and yields the run events up to done', async () => {
    const { url, bodies } = await serve([': ping\n\n', ...EVENTS.map(toWire)]);
    const events = await collect(streamDream({ baseUrl: `${url}/`, args: { topic: 'bees', mode: 'wild' } }));
    expect(events).toEqual(EVENTS);
    expect(bodies).toEqual([{ topic: 'bees', mode: 'wild' }]);
  });

  it('ends after an error event, without waiting for the server to close', async () => {
    const error: RunEvent = {
      type: 'error',
      runId: 'r1',
      code: 'DREAM_PROVIDER_FAILED',
      message: 'down',
      stage: 'idea',
    };
    const { url } = await serve([toWire(EVENTS[0]), toWire(error)], false);
    expect(await collect(streamDream({ baseUrl: url, args: { topic: 'bees' } }))).toEqual([EVENTS[0], error]);
  });

  it('skips events of types it does not know', async () => {
    const { url } = await serve([toWire({ type: 'progress', runId: 'r1' }), ...EVENTS.map(toWire)]);
    expect(await collect(streamDream({ baseUrl: url, args: { topic: 'bees' } }))).toEqual(EVENTS);
  });

  it('throws a protocol error when the stream ends before the run finished', async () => {
    const { url } = await serve(EVENTS.slice(0, 2).map(toWire));
    const seen: RunEvent[] = [];
    const reading = (async () => {
      for await (const event of streamDream({ baseUrl: url, args: { topic: 'bees' } })) seen.push(event);
    })();
    await expect(reading).rejects.toMatchObject({
      code: 'DREAM_STREAM_PROTOCOL',
      message: 'stream ended before the run finished',
    });
    expect(seen).toEqual(EVENTS.slice(0, 2));
  });

  it('throws a protocol error on data that is not JSON or has no type', async () => {
    for (const data of ['{"type":', '{"runId":"r1"}']) {
      const { url } = await serve([`event: start\ndata: ${data}\n\n`]);
      await expect(streamDream({ baseUrl: url, args: { topic: 'bees' } }).next()).rejects.toMatchObject({
        code: 'DREAM_STREAM_PROTOCOL',
      });
      await server?.close();
      server = undefined;
    }
  });

  it('refuses options without a base URL or a topic', async () => {
    for (const options of [
      { baseUrl: '', args: { topic: 'x' } },
      { baseUrl: 'http://127.0.0.1:9', args: {} },
    ]) {
      await expect(streamDream(options as never).next()).rejects.toMatchObject({
        code: 'DREAM_CLIENT_INVALID_OPTIONS',
      });
    }
  });
});
