import { ScratchStack } from './scratch-stack.js';

/**
 * An upper bound of the object keys in JSON text that `JSON.parse` accepted, never below the
 * exact count: every key's closing quote is an unescaped `"` followed by `:`, and the only other
 * unescaped `"` followed by `:` opens a string that starts with `:`. One native `indexOf('":')`
 * per key is much cheaper than visiting every quote; text with whitespace between a key and its
 * colon gets the exact count instead.
 */
export function countKeysInText(text: string): number {
  if (/"[ \t\r\n]+:/.test(text)) return countKeysExactly(text);
  let count = 0;
  let at = text.indexOf('":');
  while (at !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) count++;
    at = text.indexOf('":', at + 2);
  }
  return count;
}

/**
 * Counts the object keys in JSON text exactly: unescaped quotes are string delimiters and
 * alternate opening and closing, and a key is a string whose closing quote is followed by `:`.
 */
export function countKeysExactly(text: string): number {
  let count = 0;
  let closing = false;
  let at = text.indexOf('"');
  while (at !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) {
      if (closing) {
        let next = at + 1;
        let c = text.charCodeAt(next);
        while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++next);
        if (c === 58) count++;
      }
      closing = !closing;
    }
    at = text.indexOf('"', at + 1);
  }
  return count;
}

/**
 * Counts the keys of every object in a parsed JSON value, without recursion. `stack` (empty
 * again afterwards, its values still to be released by the caller) lets a caller that counts
 * many values reuse one.
 */
export function countParsedKeys(value: unknown, stack: ScratchStack = new ScratchStack()): number {
  let count = 0;
  const base = stack.size;
  stack.push(value);
  while (stack.size > base) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      // An index loop: `for…of` allocates an iterator where the loop is not optimised.
      for (let index = 0; index < node.length; index++) {
        const item = node[index];
        if (typeof item === 'object' && item !== null) stack.push(item);
      }
      continue;
    }
    for (const key in node) {
      count++;
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return count;
}

/**
 * An upper bound of the object keys in JSON text that `JSON.parse` accepted, whatever the
 * whitespace: every key ends with an unescaped `"`, optional whitespace and `:`. One native
 * `indexOf(':')` per colon (a one-character search is the fastest there is) and a look back
 * over the whitespace; nothing is allocated. A string that starts with `:` may count too, so
 * it is a trigger, never a verdict.
 */
export function countKeyCandidates(text: string): number {
  let count = 0;
  let colon = text.indexOf(':');
  while (colon !== -1) {
    let quote = colon - 1;
    let c = text.charCodeAt(quote);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--quote);
    if (c === 34) {
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
      if (backslashes % 2 === 0) count++;
    }
    colon = text.indexOf(':', colon + 1);
  }
  return count;
}

/**
 * True when the text may repeat a key within one object: `JSON.parse` keeps one key per repeat,
 * so the parsed tree then has fewer keys than the text. Only then is the exact locating scan
 * needed (a string starting with `:` can also trigger it; it then finds nothing).
 * `parsedKeys` is the parsed tree's key count when the caller already has it.
 */
export function hasDuplicateKeys(text: string, parsed: unknown, parsedKeys?: number): boolean {
  const keys = parsedKeys ?? countParsedKeys(parsed);
  return countKeyCandidates(text) > keys && countKeysExactly(text) > keys;
}
