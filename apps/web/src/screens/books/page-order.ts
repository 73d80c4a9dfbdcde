/**
 * A copy of `list` with the item at `from` moved to index `to` (clamped to the list), the
 * others keeping their order. Drag and drop and the keyboard both reorder through it.
 *
 * @example
 * moveItem(['a', 'b', 'c'], 0, 2); // ['b', 'c', 'a']
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}
