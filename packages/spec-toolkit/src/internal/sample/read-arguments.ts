import type { Diagnostic } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import type { BuildRequestOptions } from './build-request.js';
import type { OperationQuery } from './select-operation.js';

/**
 * Reads the operation selection from untrusted arguments. A selector of the wrong type is an
 * error (guessing would pick some other operation); absent selectors are simply not used.
 *
 * @example
 * ```ts
 * readSelection({ method: 'get', path: 7 }).errors[0]?.code; // 'SPEC_ARGUMENT_INVALID'
 * ```
 */
export function readSelection(args: unknown): { query: OperationQuery; errors: Diagnostic[] } {
  const query: OperationQuery = {};
  const errors: Diagnostic[] = [];
  if (!isPlainObject(args)) return { query, errors };
  for (const key of ['method', 'path', 'operationId'] as const) {
    const value = args[key];
    if (value === undefined) continue;
    if (typeof value === 'string') query[key] = value;
    else {
      const message = `The ${key} argument must be a string, not ${JSON.stringify(value) ?? typeof value}.`;
      errors.push({ code: 'SPEC_ARGUMENT_INVALID', message, path: '' });
    }
  }
  return { query, errors };
}

/**
 * Keeps the request options that have the right type; others are ignored, as `validate` does.
 *
 * @example
 * ```ts
 * readRequestOptions({ baseUrl: 'http://localhost:3000', multiline: 'yes' }); // { baseUrl: 'http://localhost:3000' }
 * ```
 */
export function readRequestOptions(options: unknown): BuildRequestOptions {
  const out: BuildRequestOptions = {};
  if (!isPlainObject(options)) return out;
  if (typeof options.baseUrl === 'string') out.baseUrl = options.baseUrl;
  if (typeof options.multiline === 'boolean') out.multiline = options.multiline;
  if (typeof options.compactBody === 'boolean') out.compactBody = options.compactBody;
  return out;
}
