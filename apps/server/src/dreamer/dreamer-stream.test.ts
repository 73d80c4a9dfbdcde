import type { RunEvent } from '@svc/dreamer-core';
import { postServerSentEvents, type ServerSentEvent, SseHttpError } from '@svc/dreamer-core/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
  priceResource,
  readRun,
} from '../testing/dreamer-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { readWalletTotals } from '../testing/token-test-fixtures.js';
import { HEARTBEAT_MS } from './event-stream.js';

const STAGES = ['idea', 'expansion', 'feasibility', 'selection', 'scaffold', 'notes'];

describe.each(testDatabaseTargets())('the dreamer event stream over a real port on $name', (target) => {
  let server: DreamerTestServer;
  let base: string;
  beforeAll(async () => {
    server = await createDreamerTestServer(target);
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  function open(cookie: string, body: unknown, options: { signal?: AbortSignal; pings?: string[] } = {}) {
    return postServerSentEvents(`${base}/api/dreamer/run/stream`, {
      body,
      headers: { cookie },
      ...(options.signal ? { signal: options.signal } : {}),
      onComment: (text) => options.pings?.push(text),
    });
  }

  const parse = (message: ServerSentEvent): RunEvent => {
    const event = JSON.parse(message.data) as RunEvent;
    expect(event.type).toBe(message.event);
    return event;
  };

  /** Reads events until one of `type` arrives (inclusive). */
  async function readUntil(
    stream: AsyncGenerator<ServerSentEvent>,
    type: string,
    count = 1,
  ): Promise<RunEvent[]> {
    const seen: RunEvent[] = [];
    let matched = 0;
    while (matched < count) {
      const next = await stream.next();
      if (next.done) throw new Error(`the stream ended before ${type}`);
      const event = parse(next.value);
      seen.push(event);
      if (event.type === type) matched += 1;
    }
    return seen;
  }

  it('streams start, stage_start/stage_done per stage and done, then closes', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const events: RunEvent[] = [];
    for await (const message of open(member.cookie, { topic: 'urban beekeeping' }))
      events.push(parse(message));
    expect(events.filter((event) => event.type !== 'stage_delta').map((event) => event.type)).toEqual([
      'start',
      ...STAGES.flatMap(() => ['stage_start', 'stage_done']),
      'done',
    ]);
    // Every stage streamed: its deltas sit between its stage_start and stage_done and join into its text.
    for (const step of events.flatMap((event) => (event.type === 'stage_done' ? [event.step] : []))) {
      const from = events.findIndex((event) => event.type === 'stage_start' && event.key === step.key);
      const to = events.findIndex((event) => event.type === 'stage_done' && event.step.key === step.key);
      const deltas = events.flatMap((event, index) =>
        event.type === 'stage_delta' && event.key === step.key ? [{ index, text: event.text }] : [],
      );
      expect(deltas.length).toBeGreaterThan(0);
      expect(deltas.every(({ index }) => index > from && index < to)).toBe(true);
      expect(deltas.map(({ text }) => text).join('')).toBe(step.text);
      expect(step.durationMs).toBeGreaterThanOrEqual(0);
    }
    const [start] = events;
    expect(start).toMatchObject({ type: 'start', pipeline: 'default', stages: STAGES, completed: [] });
    const stageDone = events.filter((event) => event.type === 'stage_done');
    expect(stageDone.map((event) => event.type === 'stage_done' && event.step.key)).toEqual(STAGES);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    // Streamed upstream answers: usage came from the stream's final chunk, not an estimate.
    expect(done.result.usage.estimated).toBe(false);
    expect(server.models.requests.at(-1)?.body.stream).toBe(true);
    expect(await readRun(server.app, member.cookie, done.runId)).toMatchObject({ status: 'done' });
  });

  it('sends stage_delta with the text the model has written while the model is still answering', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    // The fake sends the role chunk and two words, then holds the rest until released.
    server.models.enqueue({ text: 'hive scales for allotments', holdAfterChunks: 3 });
    const stream = open(member.cookie, { topic: 'allotments' });
    const seen = await readUntil(stream, 'stage_start');
    let text = '';
    while (text !== 'hive scales ') {
      const [event] = await readUntil(stream, 'stage_delta');
      if (event?.type !== 'stage_delta') throw new Error(`expected a delta, got ${event?.type}`);
      expect(event).toMatchObject({ key: 'idea', attempt: 1, runId: seen[0]?.runId });
      text += event.text;
    }
    // The stage cannot have ended: the upstream answer is held open.
    await server.models.waitForHold();
    server.models.release();
    const rest = await readUntil(stream, 'stage_done');
    const done = rest.at(-1);
    expect(done?.type === 'stage_done' && done.step.text).toBe('hive scales for allotments');
    expect(rest.filter((event) => event.type !== 'stage_delta')).toHaveLength(1);
    for await (const _message of stream) {
      // Drain to the end of the run.
    }
  });

  it('answers refusals before the stream starts as plain JSON errors', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const refusal = await open(member.cookie, { topic: 'x', pipeline: { name: 'p' } })
      .next()
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SseHttpError);
    expect(refusal).toMatchObject({ status: 400, body: { error: { code: 'DREAM_INVALID_PIPELINE' } } });
    const anonymous = await postServerSentEvents(`${base}/api/dreamer/run/stream`, { body: { topic: 'x' } })
      .next()
      .catch((error: unknown) => error);
    expect(anonymous).toMatchObject({ status: 401, body: { error: { code: 'GATE_UNAUTHENTICATED' } } });
  });

  it('ends a failed run with an error event, an errored record and the charge refunded', async () => {
    await priceResource(server.app, server.adminCookie, 'feature:dreamer.run', 4);
    try {
      const member = await createMember(server.app, server.adminCookie, 'PRO');
      await server.app.inject({
        method: 'POST',
        url: '/tokens/grant',
        headers: { cookie: server.adminCookie },
        payload: { userId: member.id, amount: 4, reason: 'test' },
      });
      server.models.enqueue(
        { text: 'the ideas' },
        { status: 400, errorBody: { error: { message: 'bad model' } } },
      );
      const events: RunEvent[] = [];
      for await (const message of open(member.cookie, { topic: 'tea' })) events.push(parse(message));
      expect(events.filter((event) => event.type !== 'stage_delta').map((event) => event.type)).toEqual([
        'start',
        'stage_start',
        'stage_done',
        'stage_start',
        'error',
      ]);
      const failure = events.at(-1);
      expect(failure).toMatchObject({ type: 'error', code: 'DREAM_PROVIDER_FAILED', stage: 'expansion' });
      expect(failure?.type === 'error' && failure.message).toContain('bad model');
      const record = await readRun(server.app, member.cookie, failure?.runId ?? '');
      expect(record).toMatchObject({ status: 'error', outputs: { idea: 'the ideas' } });
      expect((await readWalletTotals(server.app, member.id)).balance).toBe(4);
    } finally {
      await server.app.database.db.deleteFrom('documents').where('collection', '=', 'meter_rules').execute();
    }
  });

  it('aborts the run when the client disconnects mid-stage: upstream closed, record aborted and resumable', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    server.models.enqueue({ text: 'kept idea' }, { hang: true });
    const client = new AbortController();
    const stream = open(member.cookie, { topic: 'ferries' }, { signal: client.signal });
    const before = server.models.requests.length;
    const seen = await readUntil(stream, 'stage_start', 2);
    const [upstream] = (await server.models.waitForRequests(before + 2)).slice(before + 1);
    client.abort();
    await stream.next().catch(() => undefined);
    await upstream?.finished;
    expect(upstream?.closedByClient).toBe(true);
    const runId = seen[0]?.runId ?? '';
    await expect.poll(async () => (await readRun(server.app, member.cookie, runId)).status).toBe('aborted');
    const record = await readRun(server.app, member.cookie, runId);
    expect(record).toMatchObject({
      error: { code: 'DREAM_ABORTED', stage: 'expansion' },
      outputs: { idea: 'kept idea' },
    });
    const resumed: RunEvent[] = [];
    for await (const message of open(member.cookie, { resumeFrom: runId })) resumed.push(parse(message));
    expect(resumed[0]).toMatchObject({ type: 'start', completed: ['idea'] });
    expect(resumed.at(-1)).toMatchObject({ type: 'done' });
  });

  it(`writes a ": ping" comment every ${HEARTBEAT_MS / 1000} s while a stage runs`, async () => {
    expect(HEARTBEAT_MS).toBe(15_000);
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    server.models.enqueue({ hang: true });
    // Only the interval timers are faked: sockets, the fake provider and the client keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const pings: string[] = [];
    const client = new AbortController();
    const stream = open(member.cookie, { topic: 'lighthouses' }, { signal: client.signal, pings });
    await readUntil(stream, 'stage_start');
    const pending = stream.next();
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pings).toEqual([]);
    vi.advanceTimersByTime(1);
    await expect.poll(() => pings).toEqual(['ping']);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await expect.poll(() => pings).toEqual(['ping', 'ping']);
    client.abort();
    await pending.catch(() => undefined);
  });
});
