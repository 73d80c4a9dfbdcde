/**
 * The optimal-string-alignment distance between two strings (an adjacent swap counts one
 * edit), or `max + 1` as soon as it must exceed `max` — so a scan of a vocabulary costs little
 * per far-off term.
 *
 * @example
 * boundedEditDistance('serach', 'search', 2); // 1
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Array<number>(width);
  let previous = new Array<number>(width);
  let current = new Array<number>(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[b.length] as number;
  return distance > max ? max + 1 : distance;
}

/**
 * A 32-bit set of the letters (and digits, folded) a term contains: two terms within `d`
 * edits differ in at most `d` letters each way, so most of a vocabulary is skipped by two
 * popcounts before any distance is computed.
 *
 * @example
 * letterMask('abc') === letterMask('cab'); // true
 */
export function letterMask(term: string): number {
  let mask = 0;
  for (let index = 0; index < term.length; index++) {
    const code = term.charCodeAt(index);
    const bit =
      code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? 26 + ((code - 48) % 6) : 31;
    mask |= 1 << bit;
  }
  return mask >>> 0;
}

/**
 * The number of set bits of a 32-bit integer.
 *
 * @example
 * countBits(0b1011); // 3
 */
export function countBits(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
