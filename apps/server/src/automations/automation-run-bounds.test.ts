import { Buffer } from 'node:buffer';
import { MAX_DOCUMENT_BYTES } from '@svc/gate';
import { describe, expect, it } from 'vitest';
import { MAX_STEPS } from './automation-definition.js';
import {
  MAX_STEP_ERROR_BYTES,
  MAX_STEP_RESULT_BYTES,
  toStoredError,
  toStoredResult,
} from './automation-run-bounds.js';
import { type RunRecord, toRunBody } from './automation-runs.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('bounds of a run record', () => {
  it('keeps a small result as it is and marks a large one truncated, within the bound', () => {
    expect(toStoredResult({ ok: true, output: ['hi'] })).toEqual({ ok: true, output: ['hi'] });
    expect(toStoredResult(undefined)).toBeNull();
    const large = { output: ['a'.repeat(1_000_000)] };
    const stored = toStoredResult(large) as { truncated: boolean; bytes: number; preview: string };
    expect(stored).toMatchObject({ truncated: true, bytes: bytesOf(large) });
    expect(stored.preview.startsWith('{"output":["aaaa')).toBe(true);
    expect(bytesOf(stored)).toBeLessThanOrEqual(MAX_STEP_RESULT_BYTES);
    expect(bytesOf(stored)).toBeGreaterThan(MAX_STEP_RESULT_BYTES - 16);
  });

  it('cuts a preview of quotes, multi-byte text and surrogate pairs within the bound, never mid-pair', () => {
    for (const unit of ['"', 'é', '😀', '\u0001']) {
      const stored = toStoredResult(unit.repeat(50_000)) as { preview: string };
      expect(bytesOf(stored), unit).toBeLessThanOrEqual(MAX_STEP_RESULT_BYTES);
      expect(LONE_SURROGATE.test(stored.preview), unit).toBe(false);
    }
  });

  it('keeps an error’s code and message and bounds its details', () => {
    const error = {
      code: 'CAP_INVALID_ARGS',
      message: 'x'.repeat(5000),
      details: { errors: 'e'.repeat(50_000) },
    };
    const stored = toStoredError(error);
    expect(stored.code).toBe('CAP_INVALID_ARGS');
    expect(stored.message).toHaveLength(1001);
    expect(stored.details).toMatchObject({ truncated: true });
    expect(bytesOf(stored)).toBeLessThanOrEqual(MAX_STEP_ERROR_BYTES);
    expect(toStoredError({ code: 'X', message: 'small' })).toEqual({ code: 'X', message: 'small' });
  });

  it('keeps the largest possible run record within the document bound of the data route', () => {
    const huge = 'z'.repeat(400_000);
    const record: RunRecord = {
      status: 'error',
      automationId: 'a'.repeat(128),
      automationName: 'n'.repeat(200),
      trigger: {
        type: 'event',
        event: 'gate.document.deleted',
        payload: { owner: 'o'.repeat(64), collection: 'c'.repeat(63), id: 'i'.repeat(128) },
      },
      steps: Array.from({ length: MAX_STEPS }, () => ({
        action: 'a'.repeat(200),
        capability: `integrations.${'c'.repeat(200)}`,
        status: 'error' as const,
        result: toStoredResult({ huge }),
        error: toStoredError({ code: 'CAP_UPSTREAM_FAILED', message: huge, details: { huge } }),
        startedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      })),
      error: toStoredError({ code: 'CAP_UPSTREAM_FAILED', message: huge, details: { huge } }),
      runner: 'r'.repeat(100),
      heartbeatAt: Date.now(),
      queuedAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
    };
    expect(Buffer.byteLength(toRunBody(record), 'utf8')).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
  });
});
