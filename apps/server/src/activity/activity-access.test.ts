import { ActivityError } from '@svc/activity-core';
import { GateError, NO_MEMBERSHIP, type RequestUser } from '@svc/gate';
import { describe, expect, it } from 'vitest';
import { toErrorPayload } from '../errors/error-payload.js';
import { ServerError } from '../errors/server-error.js';
import { statusOf } from '../errors/status-table.js';
import { assertMayGenerate, PREVIEW_WATERMARK, readWatermark } from './activity-access.js';

function userWith(overrides: Partial<RequestUser>): RequestUser {
  return {
    id: 'u1',
    email: 'u1@example.com',
    roles: ['member'],
    permissions: ['read_data', 'write_data'],
    membership: { ...NO_MEMBERSHIP },
    isAdmin: false,
    isDeveloper: false,
    isStaff: false,
    emailVerified: true,
    via: 'session',
    credentialId: 's1',
    ...overrides,
  };
}

describe('the watermark rule', () => {
  it('marks anonymous callers and users without an active membership', () => {
    expect(readWatermark(null)).toBe(PREVIEW_WATERMARK);
    expect(readWatermark(userWith({}))).toBe(PREVIEW_WATERMARK);
    for (const status of ['canceled', 'expired', 'past_due', 'something-new'])
      expect(
        readWatermark(userWith({ membership: { plan: 'pro', status, features: [], periodEnd: null } })),
      ).toBe(PREVIEW_WATERMARK);
  });

  it('never marks admins or active members', () => {
    expect(readWatermark(userWith({ isAdmin: true, roles: ['admin'] }))).toBeUndefined();
    for (const status of ['active', 'trialing'])
      expect(
        readWatermark(userWith({ membership: { plan: 'pro', status, features: [], periodEnd: null } })),
      ).toBeUndefined();
  });
});

describe('the account rule for generation', () => {
  it('lets anyone generate the public kinds and only users the others', () => {
    for (const kind of ['sudoku', 'wordsearch', 'maze', 'no-such-kind'])
      expect(() => assertMayGenerate(kind, null)).not.toThrow();
    expect(() => assertMayGenerate('crossword', null)).toThrow(GateError);
    expect(() => assertMayGenerate('crossword', userWith({}))).not.toThrow();
  });
});

describe('activity errors in the one error shape', () => {
  it('carries the core code, message and issues, the status coming from the table', () => {
    const issue = { code: 'ACT_INVALID_INPUT', message: 'size must be 4, 6, 9 or 16.', path: '/size' };
    const payload = toErrorPayload(
      new ActivityError('ACT_INVALID_INPUT', 'Invalid sudoku input.', { issues: [issue] }),
    );
    expect(payload).toEqual({
      code: 'ACT_INVALID_INPUT',
      message: 'Invalid sudoku input.',
      details: { issues: [issue] },
    });
    expect(statusOf('ACT_INVALID_INPUT')).toBe(400);
    expect(toErrorPayload(new ActivityError('ACT_GENERATION_FAILED', 'No arrangement.'))).toEqual({
      code: 'ACT_GENERATION_FAILED',
      message: 'No arrangement.',
    });
    expect(statusOf('ACT_GENERATION_FAILED')).toBe(422);
    expect(statusOf('ACT_UNKNOWN_KIND')).toBe(400);
    expect(toErrorPayload(new ServerError('ACT_EXPORT_FAILED', 'Failed.', { details: { job: {} } }))).toEqual(
      {
        code: 'ACT_EXPORT_FAILED',
        message: 'Failed.',
        details: { job: {} },
      },
    );
    expect(statusOf('ACT_EXPORT_FAILED')).toBe(409);
    expect(toErrorPayload(new Error('other'))).toBeUndefined();
  });
});
