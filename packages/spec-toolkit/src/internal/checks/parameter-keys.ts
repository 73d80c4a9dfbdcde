import { isPlainObject } from '../json-pointer.js';
import { resolveLocalValue } from '../spec-model.js';

/**
 * The `name` and `in` of each entry of one `parameters` list, read once through its local
 * `$ref`s (undefined where the resolved entry is not an object or the member not a string).
 * The fast operation pass asks three questions of each list (repeats, bodies, path templates);
 * asked of the raw list, each question resolved every entry again, the repeat check once per
 * pair. A reader is reused between operations and calls: {@link clearParameterKeys} drops the
 * strings it holds, so no document stays reachable through it.
 */
export interface ParameterKeys {
  names: (string | undefined)[];
  locations: (string | undefined)[];
  length: number;
  /** How many slots hold a string (or held one): what a clear has to empty. */
  used: number;
}

/** An empty reader. */
export function createParameterKeys(): ParameterKeys {
  return { names: [], locations: [], length: 0, used: 0 };
}

/** Reads `list` into `keys`; a `list` that is not an array reads as empty, as the checks skip it. */
export function readParameterKeys(doc: unknown, list: unknown, keys: ParameterKeys): void {
  keys.length = 0;
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const value = resolveLocalValue(doc, list[index]);
    let name: string | undefined;
    let location: string | undefined;
    if (isPlainObject(value)) {
      if (typeof value.name === 'string') name = value.name;
      if (typeof value.in === 'string') location = value.in;
    }
    keys.names[index] = name;
    keys.locations[index] = location;
  }
  keys.length = list.length;
  if (keys.used < keys.length) keys.used = keys.length;
}

/** Forgets every name and location read (the arrays keep their size for the next call). */
export function clearParameterKeys(keys: ParameterKeys): void {
  for (let index = 0; index < keys.used; index++) {
    keys.names[index] = undefined;
    keys.locations[index] = undefined;
  }
  keys.length = 0;
  keys.used = 0;
}

/** True when no (name, in) pair repeats and at most one parameter is a body, as the reporting checks see it. */
export function parameterKeysClean(keys: ParameterKeys): boolean {
  let bodies = 0;
  const seen = keys.length > 32 ? new Set<string>() : null;
  for (let index = 0; index < keys.length; index++) {
    const name = keys.names[index];
    const location = keys.locations[index];
    if (name === undefined || location === undefined) continue;
    if (seen === null) {
      for (let earlier = 0; earlier < index; earlier++)
        if (keys.names[earlier] === name && keys.locations[earlier] === location) return false;
    } else {
      const key = `${location}\u0000${name}`;
      if (seen.has(key)) return false;
      seen.add(key);
    }
    if (location === 'body' && ++bodies > 1) return false;
  }
  return true;
}

/**
 * True when the path's `{names}` and the path parameters of the two lists (path level and
 * operation level) are the same set, as `pathTemplateMatches` says.
 */
export function pathTemplateKeysMatch(
  names: readonly string[],
  pathLevel: ParameterKeys,
  operationLevel: ParameterKeys,
): boolean {
  if (!pathParametersNamed(pathLevel, names) || !pathParametersNamed(operationLevel, names)) return false;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    if (!declaresPathParameter(pathLevel, name) && !declaresPathParameter(operationLevel, name)) return false;
  }
  return true;
}

function pathParametersNamed(keys: ParameterKeys, names: readonly string[]): boolean {
  for (let index = 0; index < keys.length; index++) {
    const name = keys.names[index];
    if (keys.locations[index] === 'path' && name !== undefined && !names.includes(name)) return false;
  }
  return true;
}

function declaresPathParameter(keys: ParameterKeys, name: string): boolean {
  for (let index = 0; index < keys.length; index++)
    if (keys.locations[index] === 'path' && keys.names[index] === name) return true;
  return false;
}
