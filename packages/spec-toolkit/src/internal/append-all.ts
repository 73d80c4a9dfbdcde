/**
 * Appends every item of `list` to `target`. `target.push(...list)` passes each item as an
 * argument and overflows the call stack on lists of a hundred thousand or so (a document with
 * that many findings), which would then be mistaken for a document nested too deeply.
 *
 * @example
 * appendAll(findings, refs.findings);
 */
export function appendAll<T>(target: T[], list: readonly T[]): void {
  for (const item of list) target.push(item);
}
