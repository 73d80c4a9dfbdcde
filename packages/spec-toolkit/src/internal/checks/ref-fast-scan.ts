import type { SpecVersion } from '../../types.js';
import { countParsedKeys } from '../json-key-count.js';
import { DATA_MEMBERS, NAME_MAPS } from '../resolve/ref-walk-rules.js';
import { ScratchStack } from '../scratch-stack.js';

const DATA = 1;
const NAMES = 2;
/** Member kinds by key: data (`example`, `default` …: never references) or a map of names. */
export const KEY_KINDS = new Map<string, number>([
  ...[...DATA_MEMBERS].map((key) => [key, DATA] as const),
  ...[...NAME_MAPS].map((key) => [key, NAMES] as const),
]);

/** True for a member kind from {@link KEY_KINDS} that is never walked for references. */
export const isDataKind = (kind: number | undefined): boolean => kind === DATA;

/** True for a member kind from {@link KEY_KINDS} whose keys are author-chosen names. */
export const isNamesKind = (kind: number | undefined): boolean => kind === NAMES;

/**
 * `holdsReferences` for an object member of an object whose keys are not names (`$ref` and
 * the data members are handled by the caller), without reading the member again.
 */
export function holdsReferenceMember(
  key: string,
  child: object,
  inExamples: boolean,
  version: SpecVersion | null,
): boolean {
  // 3.0's vendor-extension webhooks hold real operations and references (GitHub's do).
  if (key.charCodeAt(0) === 120 && key.charCodeAt(1) === 45) return key === 'x-webhooks';
  if (inExamples && (key === 'value' || key === 'dataValue' || key === 'serializedValue')) return false;
  return !(key === 'examples' && (version === '2.0' || Array.isArray(child)));
}

/**
 * The scan's stacks, reused from scan to scan and released at its end: a large document then
 * grows no arrays on each run, which leaves the young-generation collector less to do. The scan
 * is synchronous and never re-entered.
 */
const SCRATCH = { walk: new ScratchStack(), count: new ScratchStack() };

// Flags of a node on the scan's stack.
const NAMES_HERE = 1;
const IN_EXAMPLES = 2;
const KEY_IS_EXAMPLES = 4;
const DEPTH_UNIT = 8;

/**
 * The reference walk's fast path, for a parsed JSON document: the same members visited as the
 * reporting walk, iteratively, with no path kept. Returns the document's key count when every
 * `$ref` met is a string that `isClean` accepts; -1 as soon as one is not (or nesting passes
 * `maxDepth`), and the caller then runs the reporting walk, which knows where things are.
 */
export function scanRefsFast(
  doc: unknown,
  version: SpecVersion | null,
  isClean: (ref: string) => boolean,
  maxDepth: number,
  skip: object | null = null,
): number {
  try {
    return scanFrom(doc, 0, skip, SCRATCH.walk, SCRATCH.count, version, isClean, maxDepth);
  } finally {
    SCRATCH.walk.release();
    SCRATCH.count.release();
  }
}

/**
 * What the fast scan does for member `key` (value `child`) of an object at nesting `level` whose
 * keys are not names and that is no example entry (a schema object): counts its keys and checks
 * its references. Returns the keys counted, or -1 as the scan does. For a walk that visits
 * schema objects itself (see `ref-scan-fold.ts`) and hands the scan every other member.
 */
export function scanMember(
  key: string,
  child: unknown,
  level: number,
  version: SpecVersion | null,
  isClean: (ref: string) => boolean,
  maxDepth: number,
): number {
  if (key === '$ref') {
    if (child !== undefined && (typeof child !== 'string' || !isClean(child))) return -1;
    return typeof child === 'object' && child !== null ? countParsedKeys(child, SCRATCH.count) : 0;
  }
  if (typeof child !== 'object' || child === null) return 0;
  const kind = KEY_KINDS.get(key);
  if (kind === DATA || !holdsReferenceMember(key, child, false, version))
    return countParsedKeys(child, SCRATCH.count);
  return scanNode(child, level, kind === NAMES, key === 'examples', version, isClean, maxDepth);
}

/** The fast scan of `node`, an object or array at nesting `level + 1` (its parent's flags as given). */
export function scanNode(
  node: object,
  level: number,
  namesHere: boolean,
  keyIsExamples: boolean,
  version: SpecVersion | null,
  isClean: (ref: string) => boolean,
  maxDepth: number,
): number {
  const flags = (level * DEPTH_UNIT) | (namesHere ? NAMES_HERE : 0) | (keyIsExamples ? KEY_IS_EXAMPLES : 0);
  return scanFrom(node, flags, null, SCRATCH.walk, SCRATCH.count, version, isClean, maxDepth);
}

/** Releases what {@link scanMember} and {@link scanNode} left on the shared stacks. */
export function releaseScanStacks(): void {
  SCRATCH.walk.release();
  SCRATCH.count.release();
}

function scanFrom(
  doc: unknown,
  startFlags: number,
  skip: object | null,
  stack: ScratchStack,
  countStack: ScratchStack,
  version: SpecVersion | null,
  isClean: (ref: string) => boolean,
  maxDepth: number,
): number {
  let keys = 0;
  const base = stack.size;
  // Pairs: node, flags (depth in the high bits).
  stack.push(doc);
  stack.push(startFlags);
  while (stack.size > base) {
    const flags = stack.pop() as number;
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const depth = flags - (flags % DEPTH_UNIT) + DEPTH_UNIT;
    if (depth > maxDepth * DEPTH_UNIT) return -1;
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) {
        const item = node[index];
        if (typeof item === 'object' && item !== null) {
          stack.push(item);
          stack.push(depth);
        }
      }
      continue;
    }
    const record = node as Record<string, unknown>;
    const namesHere = (flags & NAMES_HERE) !== 0;
    const inExamples = (flags & IN_EXAMPLES) !== 0;
    const childrenInExamples = namesHere && (flags & KEY_IS_EXAMPLES) !== 0 ? IN_EXAMPLES : 0;
    for (const key in record) {
      keys++;
      const child = record[key];
      if (!namesHere && key === '$ref') {
        if (child !== undefined && (typeof child !== 'string' || !isClean(child))) return -1;
        if (typeof child === 'object' && child !== null) keys += countParsedKeys(child, countStack);
        continue;
      }
      // `skip`: a member another walk counts and checks (ref-scan-fold.ts).
      if (typeof child !== 'object' || child === null || child === skip) continue;
      const kind = namesHere ? undefined : KEY_KINDS.get(key);
      if (kind === DATA || (!namesHere && !holdsReferenceMember(key, child, inExamples, version))) {
        keys += countParsedKeys(child, countStack);
        continue;
      }
      const childFlags =
        depth |
        (kind === NAMES ? NAMES_HERE : 0) |
        childrenInExamples |
        (key === 'examples' ? KEY_IS_EXAMPLES : 0);
      stack.push(child);
      stack.push(childFlags);
    }
  }
  return keys;
}
