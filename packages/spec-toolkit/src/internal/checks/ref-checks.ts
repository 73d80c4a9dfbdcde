import type { SpecVersion } from '../../types.js';
import { countParsedKeys } from '../json-key-count.js';
import { isPlainObject, readAtTokens } from '../json-pointer.js';
import { ScratchStack } from '../scratch-stack.js';
import { isOas31OrLater, localRefTokens } from '../spec-model.js';
import { errorAt, type Finding, warningAt } from './finding.js';
import { holdsReferenceMember, isDataKind, isNamesKind, KEY_KINDS, scanRefsFast } from './ref-fast-scan.js';
import type { RefScanFold } from './ref-scan-fold.js';

/** What {@link checkRefs} gathers besides findings. */
export interface RefScanOptions {
  /** Count every key of the document (parsed JSON only: an object from a caller may be circular). */
  countKeys?: boolean;
  /** Gather `targets` (default true). */
  collectTargets?: boolean;
  /** The scan's work on the schemas section, done by the schema walk (parsed JSON without targets only). */
  fold?: RefScanFold;
}

/** Where each `$ref` points, for the style checks (unused components). */
export interface RefScan {
  findings: Finding[];
  /** Local targets of every reference, as JSON pointers. */
  targets: string[];
  /** With `countKeys`: how many keys the document's objects have in all (for the duplicate-key check). */
  keys: number;
}

/**
 * Checks every `$ref` in the document: malformed and dangling local references are errors,
 * external ones a warning (the toolkit is offline and never fetches). Walks the raw tree, so
 * circular references cannot loop; skips example and literal data, and extensions (`x-*`)
 * (counting their keys only: the walk also counts every key, for the duplicate-key check).
 */
export function checkRefs(
  doc: unknown,
  version: SpecVersion | null,
  { countKeys = false, collectTargets = true, fold }: RefScanOptions = {},
): RefScan {
  const findings: Finding[] = [];
  const targets: string[] = [];
  // Array indices stay numbers: a token becomes text only when a pointer is reported.
  const path: (string | number)[] = [];
  let keys = 0;
  const countStack = new ScratchStack();

  const pointer = (): string => {
    let out = '';
    for (const token of path) {
      out += typeof token === 'number' ? `/${token}` : `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    }
    return out;
  };
  // Large documents repeat the same few thousand targets: resolve each distinct string once.
  const verdicts = new Map<string, Finding | null>();
  const judge = createRefJudge(doc, version, collectTargets ? targets : null);
  /** `ownerPointer` is computed only when there is something to report: most refs are fine. */
  const checkRef = (ref: unknown, ownerPointer: () => string): void => {
    if (typeof ref !== 'string') {
      const owner = ownerPointer();
      const at = `${owner}/$ref`;
      findings.push(
        errorAt('SPEC_REF_MALFORMED', at, '"$ref" must be a string.', [{ path: at }, { path: owner }]),
      );
      return;
    }
    let verdict = verdicts.get(ref);
    if (verdict === undefined) {
      verdict = judge(ref, ownerPointer);
      verdicts.set(ref, verdict);
    } else if (verdict !== null) {
      const owner = ownerPointer();
      const at = `${owner}/$ref`;
      verdict = { ...verdict, path: at, covers: [{ path: at }, { path: owner }] };
    }
    if (verdict !== null) findings.push(verdict);
  };

  /**
   * `namesHere`: the node's keys are author-chosen names; `inExamples`: it is an entry of an
   * `examples` map. Allocates nothing for a valid document, so large ones stay fast.
   */
  const walk = (node: unknown, namesHere: boolean, inExamples: boolean, nodeKey: string | number): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const item = node[index];
        if (typeof item !== 'object' || item === null) continue;
        path.push(index);
        walk(item, false, false, index);
        path.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const childrenInExamples = namesHere && nodeKey === 'examples';
    // The `$ref` member is found while enumerating (no extra lookup); its finding goes before
    // those of members walked earlier, as if it had been checked first.
    const mark = findings.length;
    for (const key in record) {
      keys++;
      const child = record[key];
      if (!namesHere && key === '$ref') {
        if (child !== undefined) checkRefBefore(child, mark);
        if (countKeys && typeof child === 'object' && child !== null)
          keys += countParsedKeys(child, countStack);
        continue;
      }
      if (typeof child !== 'object' || child === null) continue;
      // One lookup tells data members (skipped) from name maps (their keys are names).
      const kind = namesHere ? undefined : KEY_KINDS.get(key);
      if (isDataKind(kind) || (!namesHere && !holdsReferenceMember(key, child, inExamples, version))) {
        // Only for parsed JSON (never circular): an object from a caller may be.
        if (countKeys) keys += countParsedKeys(child, countStack);
        continue;
      }
      path.push(key);
      walk(child, isNamesKind(kind), childrenInExamples, key);
      path.pop();
    }
  };
  const checkRefBefore = (ref: unknown, mark: number): void => {
    if (findings.length === mark) {
      checkRef(ref, pointer);
      return;
    }
    const later = findings.splice(mark);
    checkRef(ref, pointer);
    for (const finding of later) findings.push(finding);
  };
  if (countKeys && !collectTargets) {
    // Parsed JSON where no finding is expected to be reported: the fast scan decides, and
    // only a document with a reference problem (or absurd nesting) is walked again.
    // With a fold, the schema walk has already done the scan's work on the schemas section.
    const isClean = fold?.isClean ?? createCleanRefTest(doc, version);
    const counted = scanRefsFast(doc, version, isClean, FAST_SCAN_MAX_DEPTH, fold?.section ?? null);
    if (counted !== -1 && fold?.failed !== true)
      return { findings, targets, keys: counted + (fold?.keys ?? 0) };
  }
  walk(doc, false, false, '');
  return { findings, targets, keys };
}

/** True for a reference that gives no finding (cached per string): the fast scan's test. */
export function createCleanRefTest(doc: unknown, version: SpecVersion | null): (ref: string) => boolean {
  const judge = createRefJudge(doc, version, null);
  const clean = new Set<string>();
  return (ref) => {
    if (clean.has(ref)) return true;
    if (judge(ref, () => '') !== null) return false;
    clean.add(ref);
    return true;
  };
}

/**
 * The finding of one reference (null when it resolves); `ownerPointer` is called only for a
 * finding. Local targets are gathered into `targets` when given.
 */
function createRefJudge(
  doc: unknown,
  version: SpecVersion | null,
  targets: string[] | null,
): (ref: string, ownerPointer: () => string) => Finding | null {
  let anchors: Set<string> | null = null;
  return (ref, ownerPointer) => {
    if (!ref.startsWith('#')) {
      const at = `${ownerPointer()}/$ref`;
      return warningAt(
        'SPEC_REF_EXTERNAL',
        at,
        `External reference "${ref}" is not followed: the toolkit works offline.`,
      );
    }
    const tokens = localRefTokens(ref);
    if (tokens === null) {
      if (isOas31OrLater(version) && /^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref)) {
        anchors ??= collectAnchors(doc);
        if (anchors.has(ref.slice(1))) return null;
      }
      const owner = ownerPointer();
      const at = `${owner}/$ref`;
      return errorAt(
        'SPEC_REF_MALFORMED',
        at,
        `"${ref}" is not a valid JSON pointer reference (expected "#/…").`,
        [{ path: at }, { path: owner }],
      );
    }
    if (targets !== null) targets.push(ref.slice(1) === '' ? '' : decodeURIComponent(ref.slice(1)));
    if (readAtTokens(doc, tokens) !== undefined) return null;
    let found = 0;
    while (found < tokens.length && readAtTokens(doc, tokens.slice(0, found + 1)) !== undefined) found++;
    const missing = tokens[found] as string;
    const parent = found === 0 ? 'the document root' : `#/${tokens.slice(0, found).join('/')}`;
    const at = `${ownerPointer()}/$ref`;
    return errorAt('SPEC_REF_DANGLING', at, `"${ref}" does not resolve: ${parent} has no "${missing}".`, [
      { path: at },
    ]);
  };
}

/** Deeper than this the fast scan gives way to the recursive walk (which reports SPEC_TOO_DEEP). */
const FAST_SCAN_MAX_DEPTH = 1000;

function collectAnchors(doc: unknown): Set<string> {
  const anchors = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isPlainObject(node)) {
      if (typeof node.$anchor === 'string') anchors.add(node.$anchor);
      for (const key in node) visit(node[key]);
    }
  };
  visit(doc);
  return anchors;
}
