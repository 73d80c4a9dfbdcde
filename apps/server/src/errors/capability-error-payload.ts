import type { ErrorPayload } from './error-shape.js';
import { statusOf } from './status-table.js';

/**
 * True when a call that failed with `payload` failed on the server's side (a 5xx): its charge is
 * refunded. (Errors become payloads through the one `toErrorPayload`, in `errors/error-payload.ts`.)
 *
 * @example
 * if (isServerSideFailure(toErrorPayload(error))) await meter.refund(charge);
 */
export function isServerSideFailure(payload: ErrorPayload | undefined): boolean {
  return payload === undefined || statusOf(payload.code) >= 500;
}
