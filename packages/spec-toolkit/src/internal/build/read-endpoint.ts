import { type Diagnostic, HTTP_METHODS, type HttpMethod } from '../../types.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import { readPathTemplate } from './path-template.js';

/** An endpoint sketch that passed the checks, ready to become an operation. */
export interface EndpointDraft {
  /** Pointer of the sketch in the input (`/endpoints/3`). */
  pointer: string;
  method: HttpMethod;
  path: string;
  /** Path parameter names, in path order. */
  names: string[];
  /** The path with parameter names blanked (`/pets/{}`), for conflict checks. */
  shape: string;
  summary?: string;
  tags: string[];
  /** Present when the sketch has a `body` (even `null`). */
  body?: { sample: unknown };
  /** Valid status keys with their raw values, in input order. */
  responses: Array<[string, unknown]>;
}

const KNOWN_FIELDS = new Set(['method', 'path', 'summary', 'tags', 'body', 'responses']);
const STATUS = /^([1-5]\d\d|[1-5]XX|default)$/;

/**
 * Checks one endpoint sketch. Without a usable method and path there is no draft; a bad
 * optional field is reported and left out, and the rest of the endpoint is still built.
 *
 * @example
 * readEndpoint({ method: 'GET', path: '/pets/:id' }, '/endpoints/0').draft?.path; // '/pets/{id}'
 */
export function readEndpoint(raw: unknown, pointer: string): { draft?: EndpointDraft; errors: Diagnostic[] } {
  const errors: Diagnostic[] = [];
  if (!isPlainObject(raw)) {
    errors.push(
      problem('SPEC_BUILD_BAD_ENDPOINT', pointer, 'An endpoint must be an object with a method and a path.'),
    );
    return { errors };
  }
  for (const key of Object.keys(raw)) {
    if (!KNOWN_FIELDS.has(key)) {
      const message = `Unknown field "${key}" is ignored; an endpoint has method, path, summary, tags, body and responses.`;
      errors.push(problem('SPEC_BUILD_UNKNOWN_FIELD', joinPointer(pointer, key), message));
    }
  }
  const method = typeof raw.method === 'string' ? raw.method.toLowerCase() : undefined;
  const knownMethod = HTTP_METHODS.find((candidate) => candidate === method);
  if (!knownMethod) {
    const message = `The method ${JSON.stringify(raw.method) ?? 'undefined'} is not one of ${HTTP_METHODS.join(', ')}.`;
    errors.push(problem('SPEC_BUILD_BAD_METHOD', joinPointer(pointer, 'method'), message));
  }
  const path = readPathTemplate(raw.path);
  if (!path.ok) errors.push(problem('SPEC_BUILD_BAD_PATH', joinPointer(pointer, 'path'), path.message));
  if (!knownMethod || !path.ok) return { errors };

  const draft: EndpointDraft = {
    pointer,
    method: knownMethod,
    path: path.path,
    names: path.names,
    shape: path.shape,
    tags: readTags(raw.tags, joinPointer(pointer, 'tags'), errors),
    responses: readResponses(raw.responses, joinPointer(pointer, 'responses'), errors),
  };
  if (typeof raw.summary === 'string') draft.summary = raw.summary;
  else if (raw.summary !== undefined) {
    errors.push(
      problem('SPEC_BUILD_BAD_SUMMARY', joinPointer(pointer, 'summary'), 'The summary must be a string.'),
    );
  }
  if (Object.hasOwn(raw, 'body') && raw.body !== undefined) draft.body = { sample: raw.body };
  return { draft, errors };
}

function readTags(raw: unknown, pointer: string, errors: Diagnostic[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.push(problem('SPEC_BUILD_BAD_TAGS', pointer, 'Tags must be an array of non-empty strings.'));
    return [];
  }
  const tags: string[] = [];
  raw.forEach((tag, index) => {
    if (typeof tag !== 'string' || tag.trim() === '') {
      errors.push(
        problem('SPEC_BUILD_BAD_TAGS', joinPointer(pointer, index), 'A tag must be a non-empty string.'),
      );
    } else if (!tags.includes(tag)) {
      tags.push(tag);
    }
  });
  return tags;
}

function readResponses(raw: unknown, pointer: string, errors: Diagnostic[]): Array<[string, unknown]> {
  if (raw === undefined) return [];
  if (!isPlainObject(raw)) {
    const message =
      'Responses must be an object mapping a status ("200", "4XX", "default") to a sample body or a description.';
    errors.push(problem('SPEC_BUILD_BAD_RESPONSES', pointer, message));
    return [];
  }
  const out: Array<[string, unknown]> = [];
  for (const [status, value] of Object.entries(raw)) {
    if (!STATUS.test(status)) {
      const message = `"${status}" is not a response status: use 100-599, 1XX-5XX or "default".`;
      errors.push(problem('SPEC_BUILD_BAD_STATUS', joinPointer(pointer, status), message));
    } else if (value !== undefined) {
      out.push([status, value]);
    }
  }
  return out;
}

/**
 * A build diagnostic.
 *
 * @example
 * problem('SPEC_BUILD_BAD_PATH', '/endpoints/0/path', 'The path must start with "/".');
 */
export function problem(code: string, path: string, message: string): Diagnostic {
  return { code, message, path };
}
