import type { Change, ChangeLevel, ChangeSide } from './internal/diff/change-catalog.js';
import { type DiffDiagnostic, loadSide } from './internal/diff/load-side.js';
import { runDiff } from './internal/diff/run-diff.js';
import type { Diagnostic, SpecInput } from './types.js';

export type { DiagnosticSide, DiffDiagnostic } from './internal/diff/load-side.js';
export type { Change, ChangeLevel, ChangeSide };

/** The changes of one operation present in both specs. */
export interface ChangedOperation {
  /** `METHOD /path`, with the new path. */
  operation: string;
  /** Errors first, then by location, id and message. */
  changes: Change[];
}

/** Counts of a diff, and the same in one line of text. */
export interface DiffSummary {
  added: number;
  removed: number;
  changed: number;
  /** Every change, of any level. */
  changes: number;
  /** Changes of level `error`. */
  breaking: number;
  warnings: number;
  infos: number;
  text: string;
}

/**
 * The two specs to compare, old first. Each is an object, JSON text or YAML text.
 * Aliases, read in this order: `specA` / `from` / `old` / `a` and `specB` / `to` / `new` / `b`.
 */
export interface DiffArgs {
  specA?: SpecInput;
  specB?: SpecInput;
  from?: SpecInput;
  to?: SpecInput;
  old?: SpecInput;
  new?: SpecInput;
  a?: SpecInput;
  b?: SpecInput;
}

/** What changed between two specs. Lists are sorted so equal inputs give byte-identical JSON. */
export interface DiffResult {
  /** Operations only in the new spec, as `METHOD /path`. */
  added: string[];
  /** Operations only in the old spec. */
  removed: string[];
  /** Operations in both specs that changed, by path then method. */
  changed: ChangedOperation[];
  /** Every change, including `operation-added` / `operation-removed`, grouped by operation. */
  changes: Change[];
  /** The changes of level `error`: they break existing clients. */
  breaking: Change[];
  summary: DiffSummary;
  /** Why the specs could not be compared; when non-empty, every list above is empty. */
  errors: DiffDiagnostic[];
}

/**
 * Compares two OpenAPI 3.x / Swagger 2.0 specs by meaning and classifies every change as
 * breaking (`error`), risky (`warning`) or safe (`info`). Never throws.
 *
 * @example
 * ```ts
 * import { diff } from '@svc/spec-toolkit';
 *
 * const result = diff({ from: oldYamlText, to: newYamlText });
 * for (const change of result.breaking) {
 *   // e.g. 'GET /pets request-parameter-became-required: Query parameter "limit" became required.'
 *   reportProblem(`${change.operation} ${change.id}: ${change.message}`);
 * }
 * result.summary.text; // '1 breaking change, 0 warnings, 2 infos; operations: 1 added, 0 removed, 1 changed.'
 * ```
 */
export function diff(args: DiffArgs): DiffResult {
  const given: DiffArgs = typeof args === 'object' && args !== null ? args : {};
  const oldSide = loadSide(given.specA ?? given.from ?? given.old ?? given.a, 'old');
  const newSide = loadSide(given.specB ?? given.to ?? given.new ?? given.b, 'new');
  const errors = [...oldSide.errors, ...newSide.errors];
  if (!oldSide.spec || !newSide.spec) return emptyResult(errors);
  try {
    const outcome = runDiff(oldSide.spec, newSide.spec);
    locateChanges(outcome.changes, oldSide.addPositions, newSide.addPositions);
    const breaking = outcome.changes.filter((change) => change.level === 'error');
    return { ...outcome, breaking, summary: summarize(outcome, errors), errors };
  } catch (error) {
    // Only a bug gets here (the walks are iterative and cycle-safe); the promise is not to throw.
    const reason = error instanceof Error ? error.message : String(error);
    return emptyResult([
      {
        code: 'SPEC_DIFF_FAILED',
        message: `The comparison failed: ${reason}`,
        path: '',
        side: 'both',
      },
    ]);
  }
}

type AddPositions = (diagnostics: Diagnostic[]) => void;

/**
 * Gives each change the line and column of its location in its side's text, and for a
 * multi-file spec moves the location into the file it is in (`file`, pointer in that file).
 * Changes are shared between `changes` and `changed`, so each object is placed once.
 */
function locateChanges(
  changes: Change[],
  oldPositions: AddPositions | undefined,
  newPositions: AddPositions | undefined,
): void {
  for (const [side, addPositions] of [
    ['old', oldPositions],
    ['new', newPositions],
  ] as const) {
    if (addPositions === undefined) continue;
    const unique = [...new Set(changes.filter((change) => change.side === side))];
    const places: Diagnostic[] = unique.map((change) => ({
      code: change.id,
      message: '',
      path: change.location,
    }));
    addPositions(places);
    unique.forEach((change, index) => {
      const place = places[index] as Diagnostic;
      if (place.file !== undefined) change.file = place.file;
      change.location = place.path;
      if (place.line !== undefined) change.line = place.line;
      if (place.column !== undefined) change.column = place.column;
    });
  }
}

function emptyResult(errors: DiffDiagnostic[]): DiffResult {
  const outcome = { added: [], removed: [], changed: [], changes: [] };
  return { ...outcome, breaking: [], summary: summarize(outcome, errors), errors };
}

function summarize(
  outcome: { added: string[]; removed: string[]; changed: ChangedOperation[]; changes: Change[] },
  errors: DiffDiagnostic[],
): DiffSummary {
  const count = (level: ChangeLevel) => outcome.changes.filter((change) => change.level === level).length;
  const counts = {
    added: outcome.added.length,
    removed: outcome.removed.length,
    changed: outcome.changed.length,
    changes: outcome.changes.length,
    breaking: count('error'),
    warnings: count('warning'),
    infos: count('info'),
  };
  return { ...counts, text: describeCounts(counts, errors) };
}

function describeCounts(counts: Omit<DiffSummary, 'text'>, errors: DiffDiagnostic[]): string {
  if (errors.length > 0) {
    const sides = new Set(errors.map((error) => error.side));
    if (sides.has('both')) return 'Not compared: the comparison failed.';
    const which = sides.size > 1 ? 'the specs' : sides.has('old') ? 'the old spec' : 'the new spec';
    return `Not compared: ${which} could not be read (${plural(errors.length, 'error')}).`;
  }
  if (counts.changes === 0) return 'No changes.';
  const levels = `${plural(counts.breaking, 'breaking change')}, ${plural(counts.warnings, 'warning')}, ${plural(counts.infos, 'info')}`;
  return `${levels}; operations: ${counts.added} added, ${counts.removed} removed, ${counts.changed} changed.`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
