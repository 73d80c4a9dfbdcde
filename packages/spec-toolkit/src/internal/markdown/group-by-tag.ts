import { isPlainObject } from '../json-pointer.js';

/** A section of the reference: one tag and the operations filed under it. */
export interface TagGroup<T> {
  title: string;
  description?: string;
  items: T[];
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Files each item under its first tag. Groups follow the top-level `tags` declaration order,
 * then undeclared tags alphabetically (by code unit, so the order never depends on a locale),
 * then untagged items under "Other". Declared tags without items are left out.
 *
 * @example
 * ```ts
 * groupByTag([{ tags: ['b'] }, { tags: [] }], [{ name: 'b' }]).map((g) => g.title); // ['b', 'Other']
 * ```
 */
export function groupByTag<T extends { tags: string[] }>(
  items: readonly T[],
  declared: unknown,
): TagGroup<T>[] {
  const descriptions = new Map<string, string | undefined>();
  if (Array.isArray(declared)) {
    for (const tag of declared) {
      if (!isPlainObject(tag) || typeof tag.name !== 'string' || descriptions.has(tag.name)) continue;
      descriptions.set(tag.name, typeof tag.description === 'string' ? tag.description : undefined);
    }
  }
  const byTag = new Map<string, T[]>();
  const untagged: T[] = [];
  for (const item of items) {
    const tag = item.tags[0];
    if (tag === undefined) {
      untagged.push(item);
      continue;
    }
    const list = byTag.get(tag) ?? [];
    list.push(item);
    byTag.set(tag, list);
  }
  const order = [
    ...[...descriptions.keys()].filter((name) => byTag.has(name)),
    ...[...byTag.keys()].filter((name) => !descriptions.has(name)).sort(compareText),
  ];
  const groups: TagGroup<T>[] = order.map((name) => {
    const group: TagGroup<T> = { title: name, items: byTag.get(name) ?? [] };
    const description = descriptions.get(name);
    if (description) group.description = description;
    return group;
  });
  if (untagged.length > 0) groups.push({ title: 'Other', items: untagged });
  return groups;
}
