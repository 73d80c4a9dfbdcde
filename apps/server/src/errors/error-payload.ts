import { isActivityError } from '@svc/activity-core';
import { isDocsError } from '@svc/docs-reader';
import { isDreamError } from '@svc/dreamer-core';
import { isGateError } from '@svc/gate';
import type { ErrorPayload } from './error-shape.js';
import { RelayedCapabilityError } from './relayed-capability-error.js';
import { isServerError } from './server-error.js';

export type { ErrorPayload } from './error-shape.js';

/** One family of coded errors: how to recognise it and how its extra data becomes `details`. */
interface CodedErrorFamily {
  is(error: unknown): boolean;
  details(error: { code: string }): unknown;
}

const ownDetails = (error: object) => (error as { details?: unknown }).details;

/**
 * The coded error classes the server answers with their own code and message: the server's
 * one class, and each core's. Anything else is an internal error. A new core's error class is
 * added here, and its codes to the status table; nowhere else.
 */
const CODED_ERRORS: readonly CodedErrorFamily[] = [
  { is: isServerError, details: ownDetails },
  { is: isGateError, details: ownDetails },
  { is: isDocsError, details: ownDetails },
  {
    is: isActivityError,
    details: (error) => {
      const { issues } = error as unknown as { issues: unknown[] };
      return issues.length > 0 ? { issues } : undefined;
    },
  },
  {
    is: isDreamError,
    // Pipeline problems go in `details.errors`, argument problems in `details.issues` (each with a JSON pointer).
    details: (error) => {
      const details = ownDetails(error);
      if (details === undefined || details === null) return undefined;
      if (error.code === 'DREAM_INVALID_PIPELINE') return { errors: details };
      return Array.isArray(details) ? { issues: details } : details;
    },
  },
];

/** The payload of an error nobody expected: its message never leaves the server. */
export const INTERNAL_ERROR_PAYLOAD: ErrorPayload = { code: 'SERVER_INTERNAL', message: 'Internal error.' };

/**
 * The one translation from an error to the one error shape, used by the HTTP error handler,
 * MCP and the capability registry: a coded error of {@link CODED_ERRORS} keeps its code, message
 * and details, a relayed capability failure keeps its payload; anything else is `undefined` (an internal error: log it, answer
 * {@link INTERNAL_ERROR_PAYLOAD}). Statuses come from the status table, never from here.
 *
 * @example
 * const payload = toErrorPayload(error) ?? INTERNAL_ERROR_PAYLOAD;
 * reply.status(statusOf(payload.code)).send({ error: payload });
 */
export function toErrorPayload(error: unknown): ErrorPayload | undefined {
  // A nested invoke's failure, carried as it came: the outer call ends with the same payload.
  if (error instanceof RelayedCapabilityError) return error.payload;
  const family = CODED_ERRORS.find((candidate) => candidate.is(error));
  if (!family) return undefined;
  const coded = error as Error & { code: string };
  const details = family.details(coded);
  return { code: coded.code, message: coded.message, ...(isRecord(details) ? { details } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
