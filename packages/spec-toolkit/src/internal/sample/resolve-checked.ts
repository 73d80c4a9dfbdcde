import type { Diagnostic } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { resolveLocal } from '../spec-model.js';

/**
 * Resolves `value` (found at `pointer`) to an object, reporting a `$ref` that cannot be followed
 * as `SPEC_REF_UNRESOLVED` instead of silently dropping it.
 *
 * @example
 * ```ts
 * resolveObject(doc, { $ref: '#/components/schemas/Pet' }, '/paths/~1pets/get/responses/200', errors); // the Pet schema
 * ```
 */
export function resolveObject(
  doc: unknown,
  value: unknown,
  pointer: string,
  errors: Diagnostic[],
): Record<string, unknown> | undefined {
  const resolved = resolveLocal(doc, value, pointer);
  if (resolved && isPlainObject(resolved.value)) return resolved.value;
  if (isPlainObject(value) && typeof value.$ref === 'string' && !resolved) {
    errors.push({
      code: 'SPEC_REF_UNRESOLVED',
      message: `The reference ${JSON.stringify(value.$ref)} cannot be resolved (only local, non-circular references are followed).`,
      path: `${pointer}/$ref`,
    });
  }
  return undefined;
}
