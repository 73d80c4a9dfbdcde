import { parsePointer } from './json-pointer.js';

/** A trie of pointer tokens; `target` marks the end of a requested pointer. */
interface TokenTrie {
  children: Map<string, TokenTrie>;
  pointer?: string;
}

/** What one pass over JSON text found. Offsets are character offsets into the text. */
export interface JsonScan {
  /** For each requested pointer that exists: the offset of its key (members) or value (elements). */
  offsets: Map<string, number>;
  /** Keys that repeat within one object: the pointer of the repeat and the offset of its key. */
  duplicates: { pointer: string; key: string; offset: number }[];
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COLON = 58;
const COMMA = 44;

function buildTrie(pointers: Iterable<string>): TokenTrie {
  const root: TokenTrie = { children: new Map() };
  for (const pointer of pointers) {
    const tokens = parsePointer(pointer);
    if (tokens === null) continue;
    let node = root;
    for (const token of tokens) {
      let next = node.children.get(token);
      if (next === undefined) {
        next = { children: new Map() };
        node.children.set(token, next);
      }
      node = next;
    }
    node.pointer = pointer;
  }
  return root;
}

function countPointers(node: TokenTrie): number {
  let count = node.pointer === undefined ? 0 : 1;
  for (const child of node.children.values()) count += countPointers(child);
  return count;
}

/** The characters that open or close a container or a string. */
const STRUCTURAL = /["{}[\]]/g;

/**
 * Scans JSON text that `JSON.parse` already accepted, locating requested pointers and,
 * when asked, keys repeated within one object (which `JSON.parse` silently collapses).
 * One pass, no tree built; containers off every requested path are skipped quickly.
 */
export function scanJson(text: string, pointers: Iterable<string>, findDuplicates: boolean): JsonScan {
  const offsets = new Map<string, number>();
  const duplicates: JsonScan['duplicates'] = [];
  const trie = buildTrie(pointers);
  let i = 0;
  const length = text.length;

  const skipWhitespace = (): void => {
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff) i++;
      else break;
    }
  };
  /** Reads a string starting at a quote; returns its raw body and leaves `i` after it. */
  const readString = (): string => {
    const start = ++i;
    let escaped = false;
    for (;;) {
      const at = text.indexOf('"', i);
      if (at === -1) {
        i = length;
        return text.slice(start);
      }
      let backslashes = 0;
      for (let k = at - 1; k >= start && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
      if (backslashes > 0) escaped = true;
      if (backslashes % 2 === 0) {
        i = at + 1;
        const raw = text.slice(start, at);
        return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
      }
      i = at + 1;
    }
  };
  /** Skips a string without reading it. */
  const skipString = (): void => {
    i++;
    for (;;) {
      const at = text.indexOf('"', i);
      if (at === -1) {
        i = length;
        return;
      }
      let backslashes = 0;
      for (let k = at - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
      i = at + 1;
      if (backslashes % 2 === 0) return;
    }
  };
  const skipScalar = (): void => {
    while (i < length) {
      const c = text.charCodeAt(i);
      if (
        c === COMMA ||
        c === CLOSE_BRACE ||
        c === CLOSE_BRACKET ||
        c === 32 ||
        c === 10 ||
        c === 13 ||
        c === 9
      )
        return;
      i++;
    }
  };

  /**
   * Skips a container off every requested path: a native regular-expression search jumps from
   * one structural character to the next (strings skipped whole), far faster than reading the
   * text a character at a time; no key is read.
   */
  const skipContainer = (): void => {
    let depth = 0;
    STRUCTURAL.lastIndex = i;
    while (STRUCTURAL.test(text)) {
      const at = STRUCTURAL.lastIndex - 1;
      const c = text.charCodeAt(at);
      if (c === QUOTE) {
        i = at;
        skipString();
        STRUCTURAL.lastIndex = i;
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (--depth === 0) {
        i = at + 1;
        return;
      }
    }
    i = length;
  };

  // Once every requested pointer is found (and no duplicates are sought), the rest of the text
  // need not be read: moving to its end unwinds the walk.
  let remaining = countPointers(trie);
  // (A key repeated later, which JSON.parse keeps, is then located at its first occurrence: the
  // document is reported for its duplicate key anyway.)
  const found = (pointer: string, offset: number): void => {
    const known = offsets.has(pointer);
    offsets.set(pointer, offset);
    if (!known && --remaining === 0 && !findDuplicates) i = length;
  };

  const pointerStack: string[] = [];
  const currentPointer = (key: string): string => {
    let out = '';
    for (const token of pointerStack) out += `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return `${out}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  };

  // `node` is the trie node of the value being read (undefined when off every requested path).
  // Recursion depth equals nesting depth; callers catch the RangeError of absurd nesting.
  const walkValue = (node: TokenTrie | undefined): void => {
    skipWhitespace();
    const c = text.charCodeAt(i);
    if (node === undefined && !findDuplicates && (c === OPEN_BRACE || c === OPEN_BRACKET)) {
      skipContainer();
      return;
    }
    if (c === OPEN_BRACE) {
      i++;
      // Most objects have a handful of keys: a short array beats a Set until it grows.
      const seen: string[] | null = findDuplicates ? [] : null;
      let seenSet: Set<string> | null = null;
      skipWhitespace();
      if (text.charCodeAt(i) === CLOSE_BRACE) {
        i++;
        return;
      }
      for (;;) {
        skipWhitespace();
        const keyOffset = i;
        const needKey = seen !== null || (node !== undefined && node.children.size > 0);
        let child: TokenTrie | undefined;
        let key = '';
        if (needKey) {
          key = readString();
          if (seen !== null) {
            let repeated: boolean;
            if (seenSet !== null) {
              repeated = seenSet.has(key);
              seenSet.add(key);
            } else {
              repeated = seen.includes(key);
              seen.push(key);
              if (seen.length > 12) seenSet = new Set(seen);
            }
            if (repeated) duplicates.push({ pointer: currentPointer(key), key, offset: keyOffset });
          }
          child = node?.children.get(key);
          if (child?.pointer !== undefined) found(child.pointer, keyOffset);
        } else {
          skipString();
        }
        skipWhitespace();
        if (text.charCodeAt(i) === COLON) i++;
        if (seen !== null) pointerStack.push(key);
        walkValue(child);
        if (seen !== null) pointerStack.pop();
        skipWhitespace();
        const next = text.charCodeAt(i);
        i++;
        if (next !== COMMA) return;
      }
    }
    if (c === OPEN_BRACKET) {
      i++;
      skipWhitespace();
      if (text.charCodeAt(i) === CLOSE_BRACKET) {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        skipWhitespace();
        const token = String(index);
        const child = node?.children.get(token);
        if (child?.pointer !== undefined) found(child.pointer, i);
        if (findDuplicates) pointerStack.push(token);
        walkValue(child);
        if (findDuplicates) pointerStack.pop();
        skipWhitespace();
        const next = text.charCodeAt(i);
        i++;
        if (next !== COMMA) return;
      }
    }
    if (c === QUOTE) skipString();
    else skipScalar();
  };

  skipWhitespace();
  if (trie.pointer !== undefined) found(trie.pointer, i);
  walkValue(trie);
  return { offsets, duplicates };
}
