import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ModelProviderError, toSafeUpstreamText } from './model-provider-error.js';
import { MAX_ANSWER_BYTES, type ModelRequest, toSafeUrl, toTransportError } from './send-model-request.js';

/**
 * Handles one server-sent event; returns true on the protocol's final event (`[DONE]`,
 * `message_stop`), after which reading stops. Throwing stops reading and rejects.
 */
export type StreamEventHandler = (event: EventSourceMessage) => boolean;

/**
 * Reads a `text/event-stream` response to its final event. Rejects with the signal's reason
 * on abort (closing the connection), a retryable `MODEL_NETWORK_ERROR` when the stream breaks
 * or ends before its final event, `MODEL_BAD_RESPONSE` when the response is no event stream.
 *
 * @example
 * ```ts
 * await readEventStream(response, request, (event) => event.data === '[DONE]');
 * ```
 */
export async function readEventStream(
  response: Response,
  request: ModelRequest,
  onEvent: StreamEventHandler,
): Promise<void> {
  if (request.signal.aborted) throw request.signal.reason;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || response.body === null) {
    const text = await response.text().catch(() => '');
    throw new ModelProviderError(
      'MODEL_BAD_RESPONSE',
      `${request.provider} answered a streaming request with "${type}" instead of an event stream: ${toSafeUpstreamText(text, request.apiKey)}`,
    );
  }
  let finished = false;
  let failure: unknown;
  const parser = createParser({
    onEvent(event) {
      if (finished || failure !== undefined) return;
      try {
        finished = onEvent(event);
      } catch (error) {
        failure = error;
      }
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  // Cancelling the reader closes the upstream connection and ends a pending read at once.
  const onAbort = (): void => void reader.cancel(request.signal.reason).catch(() => undefined);
  request.signal.addEventListener('abort', onAbort, { once: true });
  let bytes = 0;
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw toTransportError(error, request, 'stream broke off');
      }
      if (request.signal.aborted) throw request.signal.reason;
      bytes += chunk.value?.byteLength ?? 0;
      if (bytes > MAX_ANSWER_BYTES) {
        throw new ModelProviderError(
          'MODEL_BAD_RESPONSE',
          `${request.provider} streamed more than ${MAX_ANSWER_BYTES} bytes; the answer was dropped`,
        );
      }
      if (chunk.done) {
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
      } else {
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      if (failure !== undefined) throw failure;
      if (finished) {
        // Anything after the final event is ignored; release the connection.
        if (!chunk.done) void reader.cancel().catch(() => undefined);
        return;
      }
      if (chunk.done) break;
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    request.signal.removeEventListener('abort', onAbort);
  }
  throw new ModelProviderError(
    'MODEL_NETWORK_ERROR',
    `${request.provider} stream ended before its final event (${toSafeUrl(request.url)})`,
    { retryable: true },
  );
}

/**
 * Parses the JSON `data` of one event; `MODEL_BAD_RESPONSE` when it is not a JSON object.
 *
 * @example
 * ```ts
 * const chunk = parseEventData(event, request);
 * ```
 */
export function parseEventData(event: EventSourceMessage, request: ModelRequest): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    data = undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ModelProviderError(
      'MODEL_BAD_RESPONSE',
      `${request.provider} sent a stream event that is not a JSON object: ${toSafeUpstreamText(event.data, request.apiKey)}`,
    );
  }
  return data as Record<string, unknown>;
}
