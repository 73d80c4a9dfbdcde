/** Edit distance between two short names (Levenshtein, case-insensitive). */
function distance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/**
 * Up to `limit` of `names` close to `wanted`: same name in another case, a name containing it
 * (or its last segment), or within a quarter of its length in edits; closest first.
 *
 * @example
 * findNearMisses('activity-pages.generatePages', ids); // ['activity-pages.generatePage']
 */
export function findNearMisses(wanted: string, names: readonly string[], limit = 3): string[] {
  if (wanted.length === 0 || wanted.length > 200) return [];
  const tail = wanted.slice(wanted.lastIndexOf('.') + 1).toLowerCase();
  const scored = names
    .map((name) => {
      const lower = name.toLowerCase();
      const contains = tail.length >= 3 && lower.includes(tail);
      return { name, score: contains ? 0 : distance(wanted, name) };
    })
    .filter(({ score }) => score <= Math.max(2, Math.floor(wanted.length / 4)));
  scored.sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1));
  return scored.slice(0, limit).map(({ name }) => name);
}
