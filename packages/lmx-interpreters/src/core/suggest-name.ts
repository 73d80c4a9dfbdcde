/**
 * The candidate closest to `word` by edit distance (insertions, deletions, substitutions and
 * swaps of two neighbours, case-insensitive), when it is close enough to be a likely slip: only
 * a case difference for words of 1-2 characters, one edit up to 4, two up to 8, three beyond. Ties go to the
 * candidate sharing the longer start with `word`, then to the earlier one.
 *
 * @example
 * ```ts
 * suggestName('lenght', ['len', 'length', 'print']); // 'length'
 * suggestName('fro', ['for', 'fn']); // 'for'
 * ```
 */
export function suggestName(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const allowed = lower.length <= 2 ? 0 : lower.length <= 4 ? 1 : lower.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  let bestPrefix = 0;
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate) || candidate === word) continue;
    seen.add(candidate);
    const other = candidate.toLowerCase();
    if (Math.abs(other.length - lower.length) > Math.min(bestDistance, allowed)) continue;
    // A one-letter candidate is rarely what was meant by a longer word.
    if (other.length === 1 && lower.length > 1) continue;
    const distance = other === lower ? 0 : editDistance(lower, other, bestDistance + 1);
    const prefix = commonPrefix(lower, other);
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && prefix > bestPrefix)) {
      best = candidate;
      bestDistance = distance;
      bestPrefix = prefix;
    }
  }
  return best;
}

/**
 * " (did you mean "x"?)" for the closest candidate, or an empty string.
 *
 * @example
 * ```ts
 * `unknown name "lenght"${didYouMean('lenght', names)}`; // unknown name "lenght" (did you mean "length"?)
 * ```
 */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const suggestion = suggestName(word, candidates);
  return suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
}

function commonPrefix(left: string, right: string): number {
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length++;
  return length;
}

/** Optimal string alignment distance, giving up (returning `limit`) once it reaches `limit`. */
function editDistance(left: string, right: string, limit: number): number {
  const width = right.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, index) => index);
  let current = new Array<number>(width).fill(0);
  for (let row = 1; row <= left.length; row++) {
    current[0] = row;
    let rowBest = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1])
        value = Math.min(value, (before[column - 2] as number) + 1);
      current[column] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest >= limit) return limit;
    [before, previous, current] = [previous, current, before];
  }
  return previous[right.length] as number;
}
