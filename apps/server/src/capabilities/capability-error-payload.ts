import { statusOf } from '../errors/status-table.js';
import type { CapabilityErrorPayload } from './capability-types.js';

/**
 * True when a call that failed with `payload` failed on the server's side (a 5xx): its charge is
 * refunded. (Errors become payloads through the one `toErrorPayload`, in `errors/error-payload.ts`.)
 *
 * @example
 * if (isServerSideFailure(toErrorPayload(error))) await meter.refund(charge);
 */
export function isServerSideFailure(payload: CapabilityErrorPayload | undefined): boolean {
  return payload === undefined || statusOf(payload.code) >= 500;
}
