import { Buffer } from 'node:buffer';
import type { CapabilityErrorPayload } from '../capabilities/capability-types.js';

/**
 * Bytes of JSON one step's `result` keeps in its run record (8 KiB). With at most 20 steps, a
 * step's error bounded to {@link MAX_STEP_ERROR_BYTES} and the record's own fields, a run record
 * stays within the 256 KiB every document of the data route keeps to.
 */
export const MAX_STEP_RESULT_BYTES = 8 * 1024;
/** Bytes of JSON one step's (or the run's) `error` keeps in its run record (2 KiB). */
export const MAX_STEP_ERROR_BYTES = 2 * 1024;

/** What a result or error too large to keep is stored as: how large it was, and its start as text. */
export interface TruncatedValue {
  truncated: true;
  /** Bytes of the value's JSON. */
  bytes: number;
  /** The first characters of the value's JSON, cut so the whole marker fits the bound. */
  preview: string;
}

const byteLengthOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The longest preview of `text` whose marker fits `maxBytes` (binary search on the length). */
function toMarker(text: string, maxBytes: number): TruncatedValue {
  const bytes = Buffer.byteLength(text, 'utf8');
  let low = 0;
  let high = Math.min(text.length, maxBytes);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (byteLengthOf({ truncated: true, bytes, preview: text.slice(0, middle) }) <= maxBytes) low = middle;
    else high = middle - 1;
  }
  // Never end on half a surrogate pair.
  const code = text.charCodeAt(low - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? low - 1 : low;
  return { truncated: true, bytes, preview: text.slice(0, end) };
}

/**
 * A step's result as its run record keeps it: the value itself when its JSON is at most
 * {@link MAX_STEP_RESULT_BYTES}, otherwise a {@link TruncatedValue} marker with the start of it.
 * Values JSON cannot hold read as null.
 *
 * @example
 * toStoredResult({ ok: true }); // { ok: true }
 * toStoredResult({ output: 'a'.repeat(1_000_000) }); // { truncated: true, bytes: 1000014, preview: '{"output":"aaaa…' }
 */
export function toStoredResult(value: unknown): unknown {
  const text = JSON.stringify(value ?? null) ?? 'null';
  if (Buffer.byteLength(text, 'utf8') <= MAX_STEP_RESULT_BYTES) return JSON.parse(text);
  return toMarker(text, MAX_STEP_RESULT_BYTES);
}

/**
 * An error payload as a run record keeps it: whole when its JSON is at most
 * {@link MAX_STEP_ERROR_BYTES}; otherwise its code, its message (cut to 1,000 characters) and its
 * details as a {@link TruncatedValue}.
 *
 * @example
 * toStoredError({ code: 'CAP_INVALID_ARGS', message: 'Bad', details: { errors: hugeList } });
 */
export function toStoredError(error: CapabilityErrorPayload): CapabilityErrorPayload {
  if (byteLengthOf(error) <= MAX_STEP_ERROR_BYTES) return error;
  const message = error.message.length > 1000 ? `${error.message.slice(0, 1000)}…` : error.message;
  const room = MAX_STEP_ERROR_BYTES - byteLengthOf({ code: error.code, message, details: {} });
  const details =
    error.details === undefined ? undefined : toMarker(JSON.stringify(error.details), Math.max(room, 64));
  return { code: error.code, message, ...(details ? { details: { ...details } } : {}) };
}
