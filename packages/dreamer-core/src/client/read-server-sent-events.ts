import { createParser } from 'eventsource-parser';
import { SseOptionsError, SseProtocolError } from './client-errors.js';

/** One server-sent event; `event` is `message` when the server named none. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/** Options of {@link readServerSentEvents}. */
export interface ReadServerSentEventsOptions {
  /** Stops reading: the body is cancelled and the generator throws the signal's reason. */
  signal?: AbortSignal;
  /** Called with the text of each comment line (`: ping` gives `'ping'`). */
  onComment?: (text: string) => void;
}

/**
 * Reads a `text/event-stream` response body as server-sent events, in order. Chunks may
 * split lines, `\r\n` pairs and UTF-8 characters anywhere. An event the stream ends
 * before finishing (no blank line after it) is dropped, as the SSE standard says.
 * When the consumer stops early (`break`, `return`) or the signal aborts, the body is
 * cancelled, which closes the connection.
 *
 * @example
 * ```ts
 * const response = await fetch('/events', { headers: { accept: 'text/event-stream' } });
 * for await (const message of readServerSentEvents(response, { onComment: () => {} })) {
 *   console.log(message.event, JSON.parse(message.data));
 * }
 * ```
 */
export async function* readServerSentEvents(
  response: Response,
  options: ReadServerSentEventsOptions = {},
): AsyncGenerator<ServerSentEvent, void, undefined> {
  if (typeof response !== 'object' || response === null || !('body' in response))
    throw new SseOptionsError('readServerSentEvents needs a fetch Response');
  if (response.body === null) throw new SseProtocolError('the response has no body');
  const { signal, onComment } = options;
  const reader = response.body.getReader();
  const queue: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: (message) =>
      queue.push({
        event: message.event ?? 'message',
        data: message.data,
        ...(message.id === undefined ? {} : { id: message.id }),
      }),
    ...(onComment ? { onComment } : {}),
  });
  const decoder = new TextDecoder();
  // Cancelling resolves a pending read with `done`, so an abort never leaves us waiting.
  const cancelOnAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', cancelOnAbort, { once: true });
  let finished = false;
  let endsWithCr = false;
  try {
    signal?.throwIfAborted();
    for (;;) {
      const chunk = await readChunk(reader, signal);
      if (chunk === undefined) {
        // The parser holds back a final `\r` in case `\n` follows; at the end nothing will.
        const rest = decoder.decode();
        parser.feed(rest.endsWith('\r') || (rest === '' && endsWithCr) ? `${rest}\n` : rest);
        finished = true;
        yield* queue.splice(0);
        return;
      }
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') endsWithCr = text.endsWith('\r');
      parser.feed(text);
      while (queue.length > 0) {
        yield queue.shift() as ServerSentEvent;
        signal?.throwIfAborted();
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancelOnAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal | undefined,
): Promise<Uint8Array | undefined> {
  let result: Awaited<ReturnType<typeof reader.read>>;
  try {
    result = await reader.read();
  } catch (error) {
    signal?.throwIfAborted();
    if (isAbortError(error)) throw error;
    throw new SseProtocolError(`the event stream broke off: ${describe(error)}`, { cause: error });
  }
  signal?.throwIfAborted();
  return result.done ? undefined : result.value;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
