import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FakeModelProtocol,
  type FakeUsage,
  toDefaultText,
  toDefaultUsage,
  toErrorBody,
  toJsonAnswer,
  toStreamFrames,
} from './fake-model-wire.js';

// A local stand-in for remote model providers, speaking the real OpenAI chat-completions
// (`POST /v1/chat/completions`) and Anthropic Messages (`POST /v1/messages`) wire formats,
// JSON or streamed per the request's `stream` flag, with scripted answers and failures.

/** One scripted answer; every field is optional. */
export interface FakeModelAnswer {
  /** The answer text; defaults to `[model] <first line of the last user message>`. */
  text?: string;
  /** Token counts; `null` omits usage from the answer; defaults to characters / 4. */
  usage?: FakeUsage | null;
  /** An HTTP error status (with `errorBody` or the protocol's error body). */
  status?: number;
  /** Error body: objects are sent as JSON, strings as they are. */
  errorBody?: unknown;
  /** Extra headers of an error response, e.g. `{ 'retry-after': '2' }`. */
  errorHeaders?: Record<string, string>;
  /** Wait before sending headers. */
  delayMs?: number;
  /** Wait between stream frames. */
  chunkDelayMs?: number;
  /** Never answer; the request ends when the client closes it. */
  hang?: true;
  /**
   * Stream this many frames, then wait until the test calls `release()` before the rest: the
   * client has text in hand while the answer is still open, with no timing involved.
   */
  holdAfterChunks?: number;
  /** Destroy the socket after this many stream frames. */
  dropAfterChunks?: number;
  /** Anthropic only: send an `error` event after the first text delta and end the stream. */
  anthropicErrorEvent?: { type: string; message: string };
}

/** One request the fake received. */
export interface FakeModelRequest {
  protocol: FakeModelProtocol;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** True when the client closed the connection before the response finished. */
  closedByClient: boolean;
  /** Settles once the response finished or the connection closed. */
  finished: Promise<void>;
}

/** The running fake. */
export interface FakeModelServer {
  url: string;
  /** `${url}/v1`: the `OPENAI_BASE_URL`. */
  openaiBaseUrl: string;
  /** `url`: the `ANTHROPIC_BASE_URL`. */
  anthropicBaseUrl: string;
  requests: FakeModelRequest[];
  enqueue(...answers: FakeModelAnswer[]): void;
  setDefaultAnswer(answer: FakeModelAnswer): void;
  /** Lets every answer now held by `holdAfterChunks` go on; answers held later wait for the next call. */
  release(): void;
  /** Resolves once an answer reached its `holdAfterChunks` frame and waits for `release()`. */
  waitForHold(): Promise<void>;
  /** Resolves once at least `count` requests arrived. */
  waitForRequests(count: number): Promise<FakeModelRequest[]>;
  close(): Promise<void>;
}

const PROTOCOLS: Record<string, FakeModelProtocol> = {
  '/v1/chat/completions': 'openai',
  '/v1/messages': 'anthropic',
};

/** Waits `ms`, or less when the response closes first. */
function pause(ms: number | undefined, res: ServerResponse): Promise<void> {
  if (!ms || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
    res.once('close', done);
  });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The gate `holdAfterChunks` answers wait at until `release()` opens it (and sets up the next). */
interface HoldGate {
  reached(): void;
  opened: Promise<void>;
  seen: Promise<void>;
  open(): void;
}

function createHoldGate(): HoldGate {
  let reached = (): void => undefined;
  let open = (): void => undefined;
  const seen = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { reached: () => reached(), open: () => open(), seen, opened };
}

/** Waits for the gate, or less when the response closes first. */
function hold(gate: HoldGate, res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  gate.reached();
  return new Promise((resolve) => {
    res.once('close', resolve);
    void gate.opened.then(() => {
      res.off('close', resolve);
      resolve();
    });
  });
}

async function answerRequest(
  record: FakeModelRequest,
  answer: FakeModelAnswer,
  res: ServerResponse,
  onDrop: () => void,
  currentGate: () => HoldGate,
): Promise<void> {
  if (answer.hang) return;
  await pause(answer.delayMs, res);
  if (res.destroyed) return;
  const { protocol, body } = record;
  if ((answer.status !== undefined && answer.status >= 400) || answer.errorBody !== undefined) {
    const status = answer.status ?? 500;
    const errorBody = answer.errorBody ?? toErrorBody(protocol, status);
    const isText = typeof errorBody === 'string';
    res.writeHead(status, {
      'content-type': isText ? 'text/plain' : 'application/json',
      ...answer.errorHeaders,
    });
    res.end(isText ? errorBody : JSON.stringify(errorBody));
    return;
  }
  const text = answer.text ?? toDefaultText(body);
  const usage = answer.usage === undefined ? toDefaultUsage(body, text) : answer.usage;
  if (body.stream !== true) {
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(toJsonAnswer(protocol, String(body.model), text, usage)));
    return;
  }
  const frames = toStreamFrames({ protocol, body, text, usage, errorEvent: answer.anthropicErrorEvent });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  for (const [index, frame] of frames.entries()) {
    if (index === answer.dropAfterChunks) {
      onDrop();
      res.socket?.destroy();
      return;
    }
    if (index > 0) await pause(answer.chunkDelayMs, res);
    if (index === answer.holdAfterChunks) await hold(currentGate(), res);
    if (res.destroyed) return;
    res.write(frame);
  }
  res.end();
}

/**
 * Starts the fake on 127.0.0.1 and a free port. Answers come from the queue, then the default.
 *
 * @example
 * ```ts
 * const fake = await startFakeModelServer();
 * fake.enqueue({ text: 'five ideas', usage: { input: 12, output: 3 } });
 * const env = { OPENAI_BASE_URL: fake.openaiBaseUrl, OPENAI_MODELS: 'fake-gpt' };
 * ```
 */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: FakeModelRequest[] = [];
  const queue: FakeModelAnswer[] = [];
  let defaultAnswer: FakeModelAnswer = {};
  const waiters: { count: number; resolve: (requests: FakeModelRequest[]) => void }[] = [];
  let gate = createHoldGate();

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const protocol = req.method === 'POST' ? PROTOCOLS[path] : undefined;
      const body = await readBody(req);
      if (!protocol || typeof body !== 'object' || body === null) {
        res.writeHead(protocol ? 400 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: protocol ? 'body is not JSON' : `no route ${path}` } }));
        return;
      }
      let droppedByServer = false;
      let settle = (): void => undefined;
      const record: FakeModelRequest = {
        protocol,
        path,
        headers: req.headers,
        body: body as Record<string, unknown>,
        closedByClient: false,
        finished: new Promise((resolve) => {
          settle = resolve;
        }),
      };
      res.once('close', () => {
        record.closedByClient = !res.writableFinished && !droppedByServer;
        settle();
      });
      requests.push(record);
      for (const waiter of waiters.filter((entry) => requests.length >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...requests]);
      }
      await answerRequest(
        record,
        queue.shift() ?? defaultAnswer,
        res,
        () => {
          droppedByServer = true;
        },
        () => gate,
      );
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    enqueue: (...answers) => void queue.push(...answers),
    release: () => {
      const held = gate;
      gate = createHoldGate();
      held.open();
    },
    waitForHold: () => gate.seen,
    setDefaultAnswer: (answer) => {
      defaultAnswer = answer;
    },
    waitForRequests: (count) =>
      requests.length >= count
        ? Promise.resolve([...requests])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
