import type { RunArguments, RunEvent } from '../runner/run-types.js';
import { SseOptionsError, SseProtocolError } from './client-errors.js';
import { type FetchFunction, postServerSentEvents } from './post-server-sent-events.js';

/** Options of {@link streamDream}. */
export interface StreamDreamOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000` (a trailing slash is fine). */
  baseUrl: string;
  /** The run arguments, sent as the JSON body; `topic` is required unless `resumeFrom` is set. */
  args: RunArguments;
  /** Extra headers, typically `authorization: Bearer svc_…` or a session cookie. */
  headers?: Record<string, string>;
  /** Aborting disconnects, and the server then marks the run aborted. */
  signal?: AbortSignal;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFunction;
}

const RUN_EVENT_TYPES: ReadonlySet<string> = new Set([
  'start',
  'stage_start',
  'stage_delta',
  'stage_done',
  'done',
  'error',
]);

/**
 * Starts a dreamer run on a server (`POST /api/dreamer/run/stream`) and yields its
 * {@link RunEvent}s as they arrive: `start`, `stage_start`, any number of `stage_delta`
 * (text as a streaming model writes it) and `stage_done` per stage, then
 * exactly one `done` or `error`, after which the generator ends. A refusal before the
 * stream starts throws {@link SseHttpError}; a stream that ends early or carries
 * malformed data throws {@link SseProtocolError}. Events of unknown types are skipped,
 * so newer servers stay readable.
 *
 * @example
 * ```ts
 * import { streamDream } from '@svc/dreamer-core/client';
 *
 * for await (const event of streamDream({
 *   baseUrl: 'http://127.0.0.1:3000',
 *   args: { topic: 'tools for beekeepers', mode: 'wild' },
 *   headers: { authorization: `Bearer ${apiKey}` }, // an API key: svc_…
 * })) {
 *   if (event.type === 'stage_done') console.log(event.step.label, event.step.usage);
 *   if (event.type === 'done') console.log(event.result.outputs);
 * }
 * ```
 */
export async function* streamDream(options: StreamDreamOptions): AsyncGenerator<RunEvent, void, undefined> {
  if (typeof options !== 'object' || options === null) throw new SseOptionsError('streamDream needs options');
  const { baseUrl, args } = options;
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new SseOptionsError('baseUrl must be a URL');
  if (typeof args !== 'object' || args === null)
    throw new SseOptionsError('args must be an object of run arguments');
  if (typeof args.topic !== 'string' && typeof args.resumeFrom !== 'string')
    throw new SseOptionsError('args needs a topic, or resumeFrom naming a run');
  const url = `${baseUrl.replace(/\/+$/, '')}/api/dreamer/run/stream`;
  const messages = postServerSentEvents(url, {
    body: args,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  for await (const message of messages) {
    const event = toRunEvent(message.data);
    if (event === undefined) continue;
    yield event;
    if (event.type === 'done' || event.type === 'error') return;
  }
  throw new SseProtocolError('stream ended before the run finished');
}

function toRunEvent(data: string): RunEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    throw new SseProtocolError(`event data is not JSON: ${data.slice(0, 80)}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || !('type' in value) || typeof value.type !== 'string')
    throw new SseProtocolError(`event data has no "type": ${data.slice(0, 80)}`);
  if (!RUN_EVENT_TYPES.has(value.type)) return undefined;
  // The server is the source of these objects; checking every field here would duplicate its schema.
  return value as RunEvent;
}
