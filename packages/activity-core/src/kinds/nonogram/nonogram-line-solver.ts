/** A cell not yet deduced. */
export const UNKNOWN = -1;
/** A cell known to be empty. */
export const EMPTY = 0;
/** A cell known to be filled. */
export const FILLED = 1;

/**
 * The exact per-line deduction: every cell that is filled in all arrangements of `clue` agreeing
 * with the cells already known becomes FILLED, every cell empty in all of them EMPTY. Returns null
 * when no arrangement agrees (a contradiction). A dynamic programme over (block, position) from
 * both ends, so it is exact — stronger than the left-most/right-most overlap rule — in O(k·n).
 *
 * @example
 * solveLine([3], Int8Array.from([-1, -1, -1, -1])); // Int8Array [-1, 1, 1, -1]
 */
export function solveLine(clue: readonly number[], line: Int8Array): Int8Array | null {
  const n = line.length;
  const k = clue.length;
  const stride = n + 1;
  // emptyBefore[i]: cells known EMPTY in [0, i); a block fits [s, e) when none lies inside.
  const emptyBefore = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) emptyBefore[i + 1] = (emptyBefore[i] as number) + (line[i] === EMPTY ? 1 : 0);
  // forward[j·stride + i]: cells [0, i) can hold exactly blocks 0..j-1.
  // backward[j·stride + i]: cells [i, n) can hold exactly blocks j..k-1.
  const forward = new Uint8Array((k + 1) * stride);
  const backward = new Uint8Array((k + 1) * stride);
  for (let j = 0; j <= k; j++) {
    const length = j > 0 ? (clue[j - 1] as number) : 0;
    const row = j * stride;
    const previous = row - stride;
    for (let i = 0; i <= n; i++) {
      let ok = j === 0 && i === 0;
      if (!ok && i > 0) ok = line[i - 1] !== FILLED && forward[row + i - 1] === 1;
      if (!ok && j > 0 && i >= length && emptyBefore[i] === emptyBefore[i - length]) {
        const s = i - length;
        ok = s === 0 ? j === 1 : line[s - 1] !== FILLED && forward[previous + s - 1] === 1;
      }
      forward[row + i] = ok ? 1 : 0;
    }
  }
  if (forward[k * stride + n] !== 1) return null;
  for (let j = k; j >= 0; j--) {
    const length = j < k ? (clue[j] as number) : 0;
    const row = j * stride;
    const next = row + stride;
    for (let i = n; i >= 0; i--) {
      let ok = j === k && i === n;
      if (!ok && i < n) ok = line[i] !== FILLED && backward[row + i + 1] === 1;
      if (!ok && j < k && i + length <= n && emptyBefore[i + length] === emptyBefore[i]) {
        const e = i + length;
        ok = e === n ? j === k - 1 : line[e] !== FILLED && backward[next + e + 1] === 1;
      }
      backward[row + i] = ok ? 1 : 0;
    }
  }
  // A block j placed at [s, s+length) is possible when the prefix and suffix around it are.
  const fillCover = new Int32Array(n + 1);
  for (let j = 0; j < k; j++) {
    const length = clue[j] as number;
    for (let s = 0; s + length <= n; s++) {
      const e = s + length;
      if (emptyBefore[e] !== emptyBefore[s]) continue;
      const opens = s === 0 ? j === 0 : line[s - 1] !== FILLED && forward[j * stride + s - 1] === 1;
      if (!opens) continue;
      const closes = e === n ? j === k - 1 : line[e] !== FILLED && backward[(j + 1) * stride + e + 1] === 1;
      if (!closes) continue;
      fillCover[s] = (fillCover[s] as number) + 1;
      fillCover[e] = (fillCover[e] as number) - 1;
    }
  }
  const out = new Int8Array(n);
  let cover = 0;
  for (let x = 0; x < n; x++) {
    cover += fillCover[x] as number;
    let empty = false;
    if (line[x] !== FILLED) {
      for (let j = 0; j <= k && !empty; j++)
        empty = forward[j * stride + x] === 1 && backward[j * stride + x + 1] === 1;
    }
    const fill = cover > 0;
    if (!fill && !empty) return null;
    out[x] = fill && empty ? UNKNOWN : fill ? FILLED : EMPTY;
  }
  return out;
}
