/**
 * Event names in `lmz` are dot-separated words (`order.paid`). A rule's pattern may use
 * `*` for exactly one word (`order.*` matches `order.paid`, not `order.paid.late`).
 *
 * @example
 * matchesEventPattern('order.*', 'order.paid'); // true
 */
export function matchesEventPattern(pattern: string, name: string): boolean {
  const wanted = pattern.split('.');
  const actual = name.split('.');
  if (wanted.length !== actual.length) return false;
  return wanted.every((word, index) => word === '*' || word === actual[index]);
}
