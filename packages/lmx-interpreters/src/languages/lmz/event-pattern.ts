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

const eventName = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/;
const patternName = /^([A-Za-z_][A-Za-z0-9_-]*|\*)(\.([A-Za-z_][A-Za-z0-9_-]*|\*))*$/;

/** Whether a string is a valid event name (words of letters, digits, `_`, `-`, joined by dots). */
export function isEventName(text: string): boolean {
  return eventName.test(text);
}

/** Whether a string is a valid rule pattern (an event name whose words may be `*`). */
export function isEventPattern(text: string): boolean {
  return patternName.test(text);
}
