import type { Diagnostic } from '../types.js';
import { isPlainObject, parsePointer } from './json-pointer.js';

/** Objects with at most this many keys are searched key by key, not indexed. */
const SMALL_OBJECT = 16;

/**
 * Orders diagnostics of a parsed JSON text by where their pointers sit in the document, without
 * their line and column: `JSON.parse` keeps the text's key order, so a pointer's key indices
 * give its place (objects with integer-like keys, which JavaScript lists first, aside).
 * Ancestors come before their members; equal places keep the order given.
 */
export function sortByDocumentOrder(list: Diagnostic[], doc: unknown): Diagnostic[] {
  // Key positions are read only in the objects where two pointers part ways.
  const keyIndexes = new Map<object, Map<string, number>>();
  const indexOf = (node: Record<string, unknown>, key: string): number => {
    let indexes = keyIndexes.get(node);
    if (indexes === undefined) {
      // A small object is counted through: no map for each operation or schema two findings part in.
      // A larger one is indexed on its first question, wherever the key sits: `paths`, `x-webhooks`
      // and `components.schemas` are dictionaries, where each `for…in` gathers and sorts every key.
      let index = 0;
      let found = Number.MAX_SAFE_INTEGER;
      for (const name in node) {
        if (name === key) found = index;
        if (++index > SMALL_OBJECT) break;
      }
      if (index <= SMALL_OBJECT) return found;
      indexes = new Map();
      let position = 0;
      for (const name in node) indexes.set(name, position++);
      keyIndexes.set(node, indexes);
    }
    return indexes.get(key) ?? Number.MAX_SAFE_INTEGER;
  };
  const keyed = list.map((diagnostic, index) => ({
    diagnostic,
    index,
    tokens: parsePointer(diagnostic.path) ?? [],
  }));
  keyed.sort((a, b) => {
    let node: unknown = doc;
    const length = Math.min(a.tokens.length, b.tokens.length);
    for (let at = 0; at < length; at++) {
      const x = a.tokens[at] as string;
      const y = b.tokens[at] as string;
      if (x !== y) {
        if (Array.isArray(node)) return Number(x) - Number(y);
        if (isPlainObject(node)) return indexOf(node, x) - indexOf(node, y);
        return x < y ? -1 : 1;
      }
      node = Array.isArray(node) ? node[Number(x)] : isPlainObject(node) ? node[x] : undefined;
    }
    return a.tokens.length - b.tokens.length || a.index - b.index;
  });
  return keyed.map((entry) => entry.diagnostic);
}

/** What the diagnostics of one `addPositionsOnFirstRead` call share until one is read. */
interface PendingPositions {
  readonly list: Diagnostic[];
  readonly addPositions: (pending: Diagnostic[]) => void;
  done: boolean;
}

/** The key of a pending diagnostic's shared state: a symbol, never enumerated or serialised. */
const PENDING = Symbol('pending positions');

type PendingDiagnostic = Diagnostic & { [PENDING]?: PendingPositions };

/** Locates every diagnostic of the read one's call, once. */
function locateAll(state: PendingPositions): void {
  if (state.done) return;
  state.done = true;
  for (const diagnostic of state.list) {
    delete diagnostic.line;
    delete diagnostic.column;
    delete (diagnostic as PendingDiagnostic)[PENDING];
  }
  state.addPositions(state.list);
}

/**
 * One getter and setter per key for every call (they read the state through `this`): accessors
 * made per call would give each call's diagnostics new hidden classes, which costs more than the
 * diagnostics themselves on a large description.
 */
const accessor = (key: 'line' | 'column'): PropertyDescriptor => ({
  configurable: true,
  enumerable: true,
  get(this: PendingDiagnostic) {
    const state = this[PENDING];
    if (state !== undefined) locateAll(state);
    return this[key];
  },
  set(this: PendingDiagnostic, value: number | undefined) {
    const state = this[PENDING];
    if (state !== undefined) locateAll(state);
    Object.defineProperty(this, key, { configurable: true, enumerable: true, writable: true, value });
  },
});
const LINE = accessor('line');
const COLUMN = accessor('column');

/**
 * Gives each diagnostic without a position `line` and `column` that are found on first read:
 * the first read of either, on any of them, locates all of them in one scan of the text (the
 * scan costs about one JSON parse of a large text, so a caller that never reads a position
 * never pays for it). The properties are enumerable, so the result serialises as before.
 */
export function addPositionsOnFirstRead(
  list: Diagnostic[],
  addPositions: (pending: Diagnostic[]) => void,
): void {
  const pending = list.filter((diagnostic) => diagnostic.line === undefined);
  if (pending.length === 0) return;
  const state: PendingPositions = { list: pending, addPositions, done: false };
  // Not enumerable: spread, `Object.keys` and JSON leave it out.
  const shared: PropertyDescriptor = { configurable: true, writable: true, value: state };
  for (const diagnostic of pending) {
    Object.defineProperty(diagnostic, PENDING, shared);
    Object.defineProperty(diagnostic, 'line', LINE);
    Object.defineProperty(diagnostic, 'column', COLUMN);
  }
}
