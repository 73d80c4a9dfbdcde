/**
 * The edit distance between two words (insertions, deletions, substitutions and swaps of two
 * neighbours each cost 1), stopping early once it passes `limit`.
 */
function editDistance(left: string, right: string, limit: number): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= left.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= right.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      const above = rows[i - 1] as number[];
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[left.length] as number[])[right.length] as number;
}

/**
 * The candidate closest to a misspelt `word` — at most a third of its letters off (one for
 * short words), compared case-insensitively — or undefined when none is that close.
 *
 * @example
 * ```ts
 * findClosestName('amout', ['amount', 'id']); // 'amount'
 * findClosestName('colour', ['id']); // undefined
 * ```
 */
export function findClosestName(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase(), limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * ` (did you mean "x"?)` for the closest candidate, or an empty string.
 *
 * @example
 * ```ts
 * `no field "amout"${didYouMean('amout', ['amount'])}`; // 'no field "amout" (did you mean "amount"?)'
 * ```
 */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const closest = findClosestName(word, candidates);
  return closest === undefined ? '' : ` (did you mean "${closest}"?)`;
}
