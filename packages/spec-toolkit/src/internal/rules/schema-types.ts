import { hasJsonType } from '../schema-validator/value-checks.js';

// What a schema's `type` (with 3.0's `nullable`) admits, for the enum rules.

/** The JSON types a schema's `type` admits (empty when it does not say). */
export function typesOf(type: unknown, nullable: boolean): string[] {
  const list =
    typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t) => typeof t === 'string') : [];
  if (nullable && list.length > 0) list.push('null');
  return list;
}

/**
 * True when `value` has one of the types `typesOf(type, nullable)` lists, or when that list is
 * empty (no type said): the same answer, with no list built.
 */
export function admitsType(value: unknown, type: unknown, nullable: boolean): boolean {
  if (typeof type === 'string') return hasJsonType(value, type) || (nullable && value === null);
  if (!Array.isArray(type)) return true;
  let said = false;
  for (let index = 0; index < type.length; index++) {
    const member = type[index];
    if (typeof member !== 'string') continue;
    if (hasJsonType(value, member)) return true;
    said = true;
  }
  return !said || (nullable && value === null);
}
