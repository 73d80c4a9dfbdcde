/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Converts character offsets to 1-based lines and columns with one lazily built line index. */
export function createPositionFinder(text: string): (offset: number) => TextPosition {
  let lineStarts: number[] | null = null;
  return (offset) => {
    if (lineStarts === null) {
      lineStarts = [0];
      let at = text.indexOf('\n');
      while (at !== -1) {
        lineStarts.push(at + 1);
        at = text.indexOf('\n', at + 1);
      }
    }
    const clamped = Math.max(0, Math.min(offset, text.length));
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
