/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * Converts character offsets to 1-based lines and columns with one lazily built line index,
 * extended only as far as the offsets asked for (findings early in a large text cost little).
 */
export function createPositionFinder(text: string): (offset: number) => TextPosition {
  const lineStarts: number[] = [0];
  // Line starts are known up to here; -1 once the whole text is indexed.
  let next = text.indexOf('\n');
  return (offset) => {
    const clamped = Math.max(0, Math.min(offset, text.length));
    while (next !== -1 && next < clamped) {
      lineStarts.push(next + 1);
      next = text.indexOf('\n', next + 1);
    }
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] as number) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - (lineStarts[low] as number) + 1 };
  };
}
