import { ActivityError } from '@svc/activity-core';
import { DocsError } from '@svc/docs-reader';
import { DreamError } from '@svc/dreamer-core';
import { GateError } from '@svc/gate';
import { describe, expect, it } from 'vitest';
import { CapabilityError } from './capability-error.js';
import { toErrorPayload } from './error-payload.js';
import { isServerError, ServerError } from './server-error.js';
import { statusOf } from './status-table.js';

describe('the one error translation', () => {
  it('keeps the code, message and details of the server error, whichever name threw it', () => {
    const registry = new CapabilityError('CAP_UPSTREAM_FAILED', 'No answer.', { details: { upstream: 'x' } });
    const activity = new ServerError('ACT_EXPORT_FAILED', 'Failed.', { details: { job: { id: 'j1' } } });
    expect(registry).toBeInstanceOf(ServerError);
    expect(isServerError(activity, 'ACT_')).toBe(true);
    expect(isServerError(registry, 'ACT_')).toBe(false);
    expect(toErrorPayload(registry)).toEqual({
      code: 'CAP_UPSTREAM_FAILED',
      message: 'No answer.',
      details: { upstream: 'x' },
    });
    expect(toErrorPayload(activity)).toEqual({
      code: 'ACT_EXPORT_FAILED',
      message: 'Failed.',
      details: { job: { id: 'j1' } },
    });
    expect([statusOf('CAP_UPSTREAM_FAILED'), statusOf('ACT_EXPORT_FAILED')]).toEqual([502, 409]);
  });

  it("translates every core's coded error with its own code", () => {
    expect(toErrorPayload(new GateError('GATE_FORBIDDEN', 'No.', { details: { need: 'admin' } }))).toEqual({
      code: 'GATE_FORBIDDEN',
      message: 'No.',
      details: { need: 'admin' },
    });
    expect(toErrorPayload(new DocsError('DOCS_PAGE_NOT_FOUND', 'Gone.'))).toEqual({
      code: 'DOCS_PAGE_NOT_FOUND',
      message: 'Gone.',
    });
    const issue = { code: 'max', path: '/size', message: 'too big' };
    expect(toErrorPayload(new ActivityError('ACT_INVALID_INPUT', 'Bad.', { issues: [issue] }))).toEqual({
      code: 'ACT_INVALID_INPUT',
      message: 'Bad.',
      details: { issues: [issue] },
    });
    expect(toErrorPayload(new ActivityError('ACT_GENERATION_FAILED', 'None.'))).toEqual({
      code: 'ACT_GENERATION_FAILED',
      message: 'None.',
    });
  });

  it('puts dreamer pipeline problems in details.errors and argument problems in details.issues', () => {
    const problems = [{ path: '/stages/0', message: 'unknown stage' }];
    expect(toErrorPayload(new DreamError('DREAM_INVALID_PIPELINE', 'Bad.', { details: problems }))).toEqual({
      code: 'DREAM_INVALID_PIPELINE',
      message: 'Bad.',
      details: { errors: problems },
    });
    expect(toErrorPayload(new DreamError('DREAM_INVALID_ARGUMENTS', 'Bad.', { details: problems }))).toEqual({
      code: 'DREAM_INVALID_ARGUMENTS',
      message: 'Bad.',
      details: { issues: problems },
    });
    expect(toErrorPayload(new DreamError('DREAM_TIMEOUT', 'Slow.'))).toEqual({
      code: 'DREAM_TIMEOUT',
      message: 'Slow.',
    });
  });

  it('leaves anything else to the caller as an internal error, whatever code it carries', () => {
    expect(toErrorPayload(new Error('disk full'))).toBeUndefined();
    expect(toErrorPayload(Object.assign(new Error('spoofed'), { code: 'GATE_FORBIDDEN' }))).toBeUndefined();
    expect(toErrorPayload('a string')).toBeUndefined();
    expect(toErrorPayload(null)).toBeUndefined();
  });
});
