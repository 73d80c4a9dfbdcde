/// <reference lib="webworker" />
import { diff, validate } from '@svc/spec-toolkit';
import { isApiError, requestJson } from '../../api/http';
import {
  ADAPTER_BODY_LIMIT,
  type CheckAnswer,
  type CheckFailure,
  type CheckRequest,
  type SpecSource,
} from './spec-check-protocol';
import { addExcerpts } from './spec-excerpts';
import type { DiffResult, ValidationResult } from './spec-types';

// The Specs screen's checks, off the page's thread: reading a file, the toolkit's parse and
// checks, and for the server the JSON body, all happen here, so a 13 MB spec never blocks input.
// The page ends a check by terminating this worker; one worker serves one check.

const scope = self as unknown as DedicatedWorkerGlobalScope;

function readSource(source: SpecSource): Promise<string> {
  return source.kind === 'text' ? Promise.resolve(source.text) : source.file.text();
}

/** The UTF-8 size of a request body, as the server counts it against its limit. */
function bodyBytes(body: unknown): number {
  return new Blob([JSON.stringify(body)]).size;
}

function tooLargeNote(bytes: number): string {
  const size = (bytes / (1024 * 1024)).toFixed(1);
  return `The request would be ${size} MB (the text as JSON), over the server's 4 MB limit for adapter calls, so the same toolkit checked it here.`;
}

async function runValidate(request: Extract<CheckRequest, { kind: 'validate' }>): Promise<CheckAnswer> {
  const text = await readSource(request.spec);
  const withExcerpts = (result: ValidationResult) =>
    request.spec.kind === 'file' ? addExcerpts(result, text) : result;
  if (request.where === 'server') {
    const bytes = bodyBytes({ spec: text });
    if (bytes <= ADAPTER_BODY_LIMIT) {
      const answer = await requestJson<{ result: ValidationResult }>('/api/adapters/spec/validate', {
        method: 'POST',
        body: { spec: text },
      });
      return { ok: true, kind: 'validate', result: withExcerpts(answer.result), where: 'server' };
    }
    const result = withExcerpts(validate({ spec: text }) as ValidationResult);
    return { ok: true, kind: 'validate', result, where: 'browser', note: tooLargeNote(bytes) };
  }
  return {
    ok: true,
    kind: 'validate',
    result: withExcerpts(validate({ spec: text }) as ValidationResult),
    where: 'browser',
  };
}

async function runDiff(request: Extract<CheckRequest, { kind: 'diff' }>): Promise<CheckAnswer> {
  const [from, to] = await Promise.all([readSource(request.from), readSource(request.to)]);
  const local = () => diff({ from, to }) as unknown as DiffResult;
  if (request.where === 'server') {
    const bytes = bodyBytes({ from, to });
    if (bytes <= ADAPTER_BODY_LIMIT) {
      const answer = await requestJson<{ result: DiffResult }>('/api/adapters/spec/diff', {
        method: 'POST',
        body: { from, to },
      });
      return { ok: true, kind: 'diff', result: answer.result, where: 'server' };
    }
    return { ok: true, kind: 'diff', result: local(), where: 'browser', note: tooLargeNote(bytes) };
  }
  return { ok: true, kind: 'diff', result: local(), where: 'browser' };
}

function toFailure(error: unknown): CheckFailure {
  if (isApiError(error)) return { status: error.status, code: error.code, message: error.message };
  const reason = error instanceof Error ? error.message : String(error);
  return { status: 0, code: 'CONSOLE_CHECK_FAILED', message: `The check failed in the browser: ${reason}` };
}

scope.onmessage = async (event: MessageEvent<CheckRequest>) => {
  const request = event.data;
  let answer: CheckAnswer;
  try {
    answer = request.kind === 'validate' ? await runValidate(request) : await runDiff(request);
  } catch (error) {
    answer = { ok: false, failure: toFailure(error) };
  }
  scope.postMessage(answer);
};
