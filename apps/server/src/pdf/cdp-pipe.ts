import type { Readable, Writable } from 'node:stream';

/** An event the browser sent (no `id`): `Page.loadEventFired`, `Fetch.requestPaused`, … */
export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** The Chrome DevTools Protocol over the browser's `--remote-debugging-pipe` (fd 3 in, fd 4 out). */
export interface CdpPipe {
  /** Sends one command (to a page when `sessionId` is given) and resolves with its result. */
  send<Result = Record<string, unknown>>(
    method: string,
    params?: Record<string, unknown>,
    sessionId?: string,
  ): Promise<Result>;
  /** Hears every event. */
  onEvent(listener: (event: CdpEvent) => void): void;
  /** Rejects every pending command with `error`; later commands reject at once. */
  fail(error: Error): void;
}

interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { message?: string };
}

/**
 * Speaks CDP over the two pipes Chromium opens with `--remote-debugging-pipe`: JSON messages,
 * each ended by a NUL byte. `maxMessageBytes` bounds one message (a printed PDF arrives as one
 * base64 message); a longer one fails the pipe. No dependency: the subset svc needs.
 *
 * @example
 * const cdp = createCdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable, 64 << 20);
 * const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
 */
export function createCdpPipe(toBrowser: Writable, fromBrowser: Readable, maxMessageBytes: number): CdpPipe {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners: ((event: CdpEvent) => void)[] = [];
  let failure: Error | undefined;
  let nextId = 0;
  let parts: Buffer[] = [];
  let size = 0;
  const fail = (error: Error): void => {
    failure ??= error;
    for (const [, waiting] of pending) waiting.reject(failure);
    pending.clear();
  };
  const dispatch = (text: string): void => {
    let message: CdpMessage;
    try {
      message = JSON.parse(text) as CdpMessage;
    } catch {
      fail(new Error('the browser sent a message that is not JSON'));
      return;
    }
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if (message.error) waiting.reject(new Error(message.error.message ?? 'the browser refused a command'));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (message.method === undefined) return;
    const event: CdpEvent = {
      method: message.method,
      params: message.params ?? {},
      ...(message.sessionId === undefined ? {} : { sessionId: message.sessionId }),
    };
    for (const listener of listeners) listener(event);
  };
  fromBrowser.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      parts.push(chunk.subarray(start, end));
      const text = Buffer.concat(parts).toString('utf8');
      parts = [];
      size = 0;
      start = end + 1;
      dispatch(text);
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      size += chunk.length - start;
      if (size > maxMessageBytes) {
        fail(new Error(`the browser's answer is larger than ${maxMessageBytes} bytes`));
        fromBrowser.destroy();
      }
    }
  });
  fromBrowser.on('close', () => fail(new Error('the browser closed its pipe')));
  fromBrowser.on('error', (error) => fail(error));
  toBrowser.on('error', (error) => fail(error));
  return {
    send(method, params = {}, sessionId) {
      if (failure) return Promise.reject(failure);
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    onEvent(listener) {
      listeners.push(listener);
    },
    fail,
  };
}
