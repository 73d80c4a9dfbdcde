import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { CapabilityError } from '../errors/capability-error.js';
import { ServerError } from '../errors/server-error.js';
import type { ResolvedTarget } from './address-guard.js';

/** Bounds of one delivery. */
export interface DeliveryLimits {
  /** Connect, send and read the answer within this (default 10 s). */
  timeoutMs: number;
  /** Answer bytes kept (default 64 KiB); the rest is dropped and the answer marked truncated. */
  maxResponseBytes: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };

/** What the receiver answered. */
export interface DeliveryAnswer {
  status: number;
  body: string;
  truncated: boolean;
}

/**
 * Socket errors that are this server's, not the receiver's: it could not open a connection at all
 * (out of descriptors, buffers or memory) or has no route to the receiver's network. Every other
 * failure to connect or to read an answer (refused, reset, unreachable host, TLS, a malformed
 * answer) is the receiver's.
 */
const OWN_SOCKET_ERRORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'ENOMEM', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** A lookup that answers only the address already checked, so the connection goes where the check said. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

function readBounded(
  response: IncomingMessage,
  limit: number,
): Promise<{ body: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    response.on('data', (chunk: Buffer) => {
      if (truncated) return;
      const room = limit - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        truncated = true;
        // Enough is read: stop the download rather than drain an endless answer.
        response.destroy();
        resolve({ body: Buffer.concat(chunks).toString('utf8'), truncated });
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8'), truncated }));
    response.on('error', (error) => (truncated ? undefined : reject(error)));
  });
}

/**
 * POSTs `body` to `url`, connecting only to `target` (the checked address), within the time and
 * size bounds; redirects are answered as they are, never followed. A receiver that does not
 * answer within the bound, or cannot be connected to, is 424 `INTEGRATION_RECEIVER_FAILED`
 * (`details.reason` `timeout` or `connection`): the receiver is the caller's. A connection this
 * server could not open ({@link OWN_SOCKET_ERRORS}) is 502 `CAP_UPSTREAM_FAILED`.
 *
 * @example
 * const answer = await deliverWebhook({ url, target, headers, body, signal, limits: DEFAULT_DELIVERY_LIMITS });
 */
export function deliverWebhook(input: {
  url: URL;
  target: ResolvedTarget;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  limits: DeliveryLimits;
}): Promise<DeliveryAnswer> {
  const { url, limits } = input;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = AbortSignal.any([input.signal, timeout]);
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
        },
        lookup: pinnedLookup(input.target),
        signal,
        agent: false,
      },
      (response) => {
        readBounded(response, limits.maxResponseBytes).then(
          ({ body, truncated }) => resolve({ status: response.statusCode ?? 0, body, truncated }),
          fail,
        );
      },
    );
    request.on('error', fail);
    request.end(input.body);
    function fail(error: Error): void {
      const code = (error as NodeJS.ErrnoException).code ?? 'network';
      if (input.signal.aborted) reject(input.signal.reason);
      else if (timeout.aborted)
        reject(
          new ServerError(
            'INTEGRATION_RECEIVER_FAILED',
            `The webhook receiver did not answer within ${limits.timeoutMs} ms.`,
            { details: { reason: 'timeout', timeoutMs: limits.timeoutMs } },
          ),
        );
      else if (OWN_SOCKET_ERRORS.has(code))
        reject(
          new CapabilityError(
            'CAP_UPSTREAM_FAILED',
            `This server could not reach the webhook: ${error.message}`,
            {
              details: { reason: code },
            },
          ),
        );
      else
        reject(
          new ServerError(
            'INTEGRATION_RECEIVER_FAILED',
            `The webhook receiver could not be reached: ${error.message}`,
            {
              details: { reason: 'connection', error: code },
            },
          ),
        );
    }
  });
}
