import { boundedEditDistance } from '../search/fuzzy.js';

/**
 * Up to `limit` names close to `wanted` (case-insensitive): the same last path segment, one
 * containing the other, or within a third of its length in edits; nearest first, then by name.
 *
 * @example
 * suggestNames('gate/auht', ['gate/auth', 'gate/keys']); // ['gate/auth']
 */
export function suggestNames(wanted: string, names: readonly string[], limit = 5): string[] {
  const target = wanted.trim().toLowerCase();
  if (target === '') return [];
  const lastOf = (name: string) => name.split('/').pop() ?? name;
  const max = Math.max(1, Math.min(3, Math.floor(target.length / 3)));
  const scored: Array<{ name: string; rank: number }> = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    let rank: number | undefined;
    if (lower === target) rank = 0;
    else if (lastOf(lower) === lastOf(target)) rank = 1;
    else {
      const distance = boundedEditDistance(target, lower, max);
      if (distance <= max) rank = 1 + distance;
      else if (target.length >= 3 && (lower.includes(target) || target.includes(lower))) rank = max + 2;
    }
    if (rank !== undefined) scored.push({ name, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit).map((entry) => entry.name);
}
