import { isPlainObject } from '../json-pointer.js';
import { type Resolved, resolveLocal } from '../spec-model.js';

/** Follows a value's local `$ref` chain; the value itself when it is no reference. */
export type ResolveRef = (value: unknown, pointer: string) => Resolved | undefined;

/**
 * A `resolveLocal` that remembers each `$ref` string: large descriptions repeat the same few
 * thousand references hundreds of thousands of times, and parsing the pointer each time showed.
 *
 * @example
 * const resolve = createRefResolver(doc);
 * resolve({ $ref: '#/definitions/Pet' }, '/x')?.pointer; // '/definitions/Pet'
 */
export function createRefResolver(doc: unknown): ResolveRef {
  const byRef = new Map<string, Resolved | undefined>();
  return (value, pointer) => {
    if (!isPlainObject(value) || typeof value.$ref !== 'string') return { value, pointer };
    const ref = value.$ref;
    if (!byRef.has(ref)) byRef.set(ref, resolveLocal(doc, value, pointer));
    return byRef.get(ref);
  };
}
