export type {
  DreamClientErrorCode,
  ServerErrorBody,
} from './client/client-errors.js';
export {
  DreamClientError,
  isDreamClientError,
  SseHttpError,
  SseOptionsError,
  SseProtocolError,
} from './client/client-errors.js';
export type { FetchFunction, PostServerSentEventsOptions } from './client/post-server-sent-events.js';
export { postServerSentEvents } from './client/post-server-sent-events.js';
export type { ReadServerSentEventsOptions, ServerSentEvent } from './client/read-server-sent-events.js';
export { readServerSentEvents } from './client/read-server-sent-events.js';
export type { StreamDreamOptions } from './client/stream-dream.js';
export { streamDream } from './client/stream-dream.js';
export type { RunArguments, RunEvent, RunResult, RunStep } from './runner/run-types.js';
