/**
 * Orders strings by UTF-16 code units, the same everywhere (unlike `localeCompare`).
 *
 * @example
 * ['b', 'a'].sort(compareText); // ['a', 'b']
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders JSON pointers token by token, array indexes numerically (`/e/2` before `/e/10`).
 *
 * @example
 * ['/e/10', '/e/2'].sort(comparePointers); // ['/e/2', '/e/10']
 */
export function comparePointers(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    return numeric ? Number(x) - Number(y) : compareText(x, y);
  }
  return left.length - right.length;
}
