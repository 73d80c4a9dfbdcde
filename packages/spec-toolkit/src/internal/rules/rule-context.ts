import type { SpecVersion } from '../../types.js';
import type { Cover, Finding } from '../checks/finding.js';
import type { RefScanFold } from '../checks/ref-scan-fold.js';
import { escapePointerToken } from '../json-pointer.js';
import { ruleInfo } from './rule-catalogue.js';

/**
 * Where a node sits, as a chain of tokens: a walk extends it with one small object per node and
 * the JSON pointer is built only for a finding.
 */
export interface Place {
  readonly parent: Place | null;
  readonly token: string | number;
  /** The JSON pointer, once built (ancestors of findings share it: no quadratic cost, no side table). */
  pointer?: string;
}

/** The place of a child token. */
export function child(parent: Place | null, token: string | number): Place {
  return { parent, token };
}

/** The JSON pointer of a place (the root is null). */
export function pointerOf(place: Place | null): string {
  if (place === null) return '';
  if (place.pointer !== undefined) return place.pointer;
  // Iterative, so a place thousands of levels deep does not exhaust the stack.
  const chain: Place[] = [];
  let at: Place | null = place;
  let base = '';
  while (at !== null) {
    if (at.pointer !== undefined) {
      base = at.pointer;
      break;
    }
    chain.push(at);
    at = at.parent;
  }
  for (let index = chain.length - 1; index >= 0; index--) {
    const link = chain[index] as Place;
    base = `${base}/${escapePointerToken(link.token)}`;
    link.pointer = base;
  }
  return base;
}

/** What every rule sees: the document, its version, whether style rules run, and the findings. */
export interface RuleContext {
  readonly doc: Record<string, unknown>;
  readonly version: SpecVersion;
  readonly strict: boolean;
  readonly findings: Finding[];
  /** The schema walk's cursor, made once per rule walk and reused by every schema walked. */
  schemaCursor?: SchemaCursor;
  /** Set while the schemas section is walked: the schema visitor also does the reference scan's work there. */
  refScanFold?: RefScanFold | undefined;
}

/**
 * Records a finding of rule `id` at `place` with the rule's catalogue level. Style rules
 * (strict) are dropped unless `options.strict` is on; callers test `context.strict` first when
 * building the message costs something.
 */
export function report(
  context: RuleContext,
  id: string,
  place: Place | null | string,
  message: string,
  covers?: Cover[],
): void {
  const info = ruleInfo(id);
  if (info.strict && !context.strict) return;
  const path = typeof place === 'string' ? place : pointerOf(place);
  const finding: Finding = { code: id, message, path, severity: info.level };
  if (covers !== undefined) finding.covers = covers;
  context.findings.push(finding);
}

/** Builds a place only when asked (the schema walk's cursor): most examples pass and need none. */
export interface PlaceSource {
  placeOf(): Place;
}

/**
 * Where the schema walk is: tokens below `base`, with the places of the path built only when a
 * finding or a failing example needs one (a walk over tens of thousands of schema nodes then
 * allocates next to nothing, which keeps the young-generation collector off the parsed tree).
 */
export interface SchemaCursor {
  /** The place of the schema being walked. */
  base: Place;
  readonly tokens: (string | number)[];
  readonly places: (Place | undefined)[];
  /** A token to add below the current place, for the next `placeOf` (an example's member name). */
  pending: string | number | undefined;
  /** The current place (with `pending` below it, when set). */
  placeOf(): Place;
}
