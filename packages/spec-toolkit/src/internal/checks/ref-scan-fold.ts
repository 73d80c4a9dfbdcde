import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { releaseScanStacks, scanMember, scanNode } from './ref-fast-scan.js';

/**
 * The fast reference scan's work on the schemas section (3.x `components.schemas`, 2.0
 * `definitions`), done by the rule walk's schema visitor, which visits those objects anyway: one
 * walk over the largest part of a description instead of two. The scan then skips the section
 * (`checkRefs` with `fold`) and adds `keys`; when `failed`, it runs its reporting walk over the
 * whole document, as when its own scan fails, so the findings are the same either way.
 */
export interface RefScanFold {
  /** The section the schema visitor covers; the scan skips it. */
  readonly section: Record<string, unknown>;
  /** The section's nesting level (the document is 1), as the scan counts depth. */
  readonly level: number;
  readonly version: SpecVersion;
  readonly isClean: (ref: string) => boolean;
  /** Keys counted below the section (its own names included). */
  keys: number;
  /** Set once a reference is not clean, or nesting passes the scan's bound. */
  failed: boolean;
}

/** Deeper than this the scan gives way to the reporting walk (as `FAST_SCAN_MAX_DEPTH`). */
const MAX_LEVEL = 1000;

/**
 * A fold for the document's schemas section (undefined when it has none); `isClean` is the
 * scan's reference test (`createCleanRefTest`), shared with the scan.
 */
export function createRefScanFold(
  doc: Record<string, unknown>,
  version: SpecVersion,
  isClean: (ref: string) => boolean,
): RefScanFold | undefined {
  const components = doc.components;
  const section =
    version === '2.0' ? doc.definitions : isPlainObject(components) ? components.schemas : undefined;
  if (!isPlainObject(section)) return undefined;
  return {
    section,
    level: version === '2.0' ? 2 : 3,
    version,
    isClean,
    keys: 0,
    failed: false,
  };
}

/** Ends the fold's use of the scan's shared stacks (after the section's walk). */
export function endRefScanFold(): void {
  releaseScanStacks();
}

/** Adds a scan result (-1 fails the fold). */
function add(fold: RefScanFold, counted: number): void {
  if (counted === -1) fold.failed = true;
  else fold.keys += counted;
}

/** A node at `level` that the schema visitor enters (a schema, a map or list of them): the depth bound. */
export function foldLevel(fold: RefScanFold, level: number): void {
  if (level > MAX_LEVEL) fold.failed = true;
}

/** The scan's work on one member of a schema object at `level` that the visitor does not enter. */
export function foldMember(fold: RefScanFold, key: string, child: unknown, level: number): void {
  if (!fold.failed) add(fold, scanMember(key, child, level, fold.version, fold.isClean, MAX_LEVEL));
}

/**
 * The scan's work on a whole object or array at `level + 1`, child of a non-name node: a schema
 * the visitor does not look into (a 2.0 / 3.0 `$ref` with siblings), or an entry of a schema map
 * or list that is not a schema object.
 */
export function foldNode(fold: RefScanFold, node: object, level: number, namesHere = false): void {
  if (!fold.failed) add(fold, scanNode(node, level, namesHere, false, fold.version, fold.isClean, MAX_LEVEL));
}

/**
 * An entry of a schema map (`names`: its key counted) or list, held by a node at `level`: a
 * schema object is the visitor's; an array the scan walks; anything else holds no key.
 */
export function foldEntry(fold: RefScanFold, entry: unknown, level: number, names: boolean): void {
  if (names) fold.keys++;
  if (Array.isArray(entry)) foldNode(fold, entry, level);
}
