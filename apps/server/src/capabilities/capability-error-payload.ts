import { isDocsError } from '@svc/docs-reader';
import { isGateError } from '@svc/gate';
import { toActivityErrorPayload } from '../activity/activity-errors.js';
import { toDreamerErrorPayload } from '../dreamer/dreamer-errors.js';
import { statusOf } from '../errors/status-table.js';
import { isCapabilityError, RelayedCapabilityError } from './capability-error.js';
import type { CapabilityErrorPayload } from './capability-types.js';

/** The payload of an error nobody expected: its message never leaves the server. */
export const INTERNAL_ERROR_PAYLOAD: CapabilityErrorPayload = {
  code: 'SERVER_INTERNAL',
  message: 'Internal error.',
};

/**
 * The one translation from any error a capability call can end in to `{ code, message,
 * details? }`: registry, gate, docs, activity and dreamer errors keep their code; anything else
 * is `undefined` (an internal error: log it and answer {@link INTERNAL_ERROR_PAYLOAD}).
 *
 * @example
 * const payload = toCapabilityErrorPayload(error) ?? INTERNAL_ERROR_PAYLOAD;
 */
export function toCapabilityErrorPayload(error: unknown): CapabilityErrorPayload | undefined {
  if (error instanceof RelayedCapabilityError) return error.payload;
  if (isCapabilityError(error) || isGateError(error) || isDocsError(error)) {
    const details = (error as { details?: unknown }).details;
    return {
      code: error.code,
      message: error.message,
      ...(isRecord(details) ? { details } : {}),
    };
  }
  return toActivityErrorPayload(error) ?? toDreamerErrorPayload(error);
}

/** True when a call that failed with `payload` failed on the server's side (a 5xx): its charge is refunded. */
export function isServerSideFailure(payload: CapabilityErrorPayload | undefined): boolean {
  return payload === undefined || statusOf(payload.code) >= 500;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
