import type { Diagnostic } from '../../types.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import { problem } from './read-endpoint.js';

/** The OpenAPI versions buildSpec writes. */
export type TargetVersion = '3.0.3' | '3.1.0';

const VERSIONS: Readonly<Record<string, TargetVersion>> = {
  '3.0.3': '3.0.3',
  '3.0': '3.0.3',
  '3.1.0': '3.1.0',
  '3.1': '3.1.0',
};

/**
 * Reads `options.version`; an unknown value is reported and the default 3.0.3 is used.
 *
 * @example
 * readTargetVersion({ version: '3.1' }, errors); // '3.1.0'
 */
export function readTargetVersion(options: unknown, errors: Diagnostic[]): TargetVersion {
  if (options === undefined) return '3.0.3';
  if (!isPlainObject(options)) {
    errors.push(problem('SPEC_BUILD_BAD_OPTION', '/options', 'options must be an object.'));
    return '3.0.3';
  }
  const raw = options.version;
  if (raw === undefined) return '3.0.3';
  const version = typeof raw === 'string' ? VERSIONS[raw] : undefined;
  if (version) return version;
  const message = `The version ${JSON.stringify(raw)} is not supported: use "3.0.3" or "3.1.0"; 3.0.3 is written.`;
  errors.push(problem('SPEC_BUILD_BAD_OPTION', '/options/version', message));
  return '3.0.3';
}

/**
 * The document `info`: `title` defaults to `API`, `version` to `1.0.0`; `description` is kept.
 *
 * @example
 * buildInfo({ title: 'Pets' }, errors); // { title: 'Pets', version: '1.0.0' }
 */
export function buildInfo(raw: unknown, errors: Diagnostic[]): Record<string, string> {
  const info: Record<string, string> = { title: 'API', version: '1.0.0' };
  if (raw === undefined) return info;
  if (!isPlainObject(raw)) {
    errors.push(
      problem('SPEC_BUILD_BAD_INFO', '/info', 'info must be an object with title, version and description.'),
    );
    return info;
  }
  for (const key of ['title', 'version', 'description'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value === 'string' && (value.trim() !== '' || key === 'description')) {
      info[key] = value;
    } else {
      const message = `info.${key} must be a non-empty string; the default is used.`;
      errors.push(problem('SPEC_BUILD_BAD_INFO', joinPointer('/info', key), message));
    }
  }
  for (const key of Object.keys(raw)) {
    if (key !== 'title' && key !== 'version' && key !== 'description') {
      const message = `Unknown info field "${key}" is ignored; info has title, version and description.`;
      errors.push(problem('SPEC_BUILD_UNKNOWN_FIELD', joinPointer('/info', key), message));
    }
  }
  return info;
}
