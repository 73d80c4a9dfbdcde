import type { Change, DiffResult } from '@svc/spec-toolkit';
import type { ReportFinding, ReportLevel } from '../../output/report/report.js';
import { levelFor } from './apply-rule-levels.js';
import type { RuleLevel } from './spec-config.js';

/** oasdiff's `--fail-on` levels, as svc spells them (oasdiff's ERR, WARN, INFO are accepted too). */
export type FailOn = 'error' | 'warn' | 'info';

const CHANGE_TO_REPORT = { error: 'error', warning: 'warning', info: 'info' } as const;
const REPORT_TO_CHANGE = { error: 'error', warning: 'warning', info: 'info' } as const;

/**
 * Reads `--fail-on`: `error|warn|info` or oasdiff's `ERR|WARN|INFO`; the usage message when unknown.
 *
 * @example
 * readFailOn('WARN'); // 'warn'
 */
export function readFailOn(given: string): FailOn | string {
  const value = given.toLowerCase();
  if (value === 'error' || value === 'err') return 'error';
  if (value === 'warn' || value === 'warning') return 'warn';
  if (value === 'info') return 'info';
  return `--fail-on must be error, warn or info, not '${given}'`;
}

/** True when a change at `level` fails a run with `--fail-on failOn`. */
export function failsAt(level: Change['level'], failOn: FailOn): boolean {
  if (failOn === 'info') return true;
  if (failOn === 'warn') return level !== 'info';
  return level === 'error';
}

/**
 * The diff with configured rule levels applied: changes re-levelled or dropped (`off`), the
 * breaking list and the counts recomputed, so JSON and every report agree.
 *
 * @example
 * const adjusted = applyChangeLevels(result, { 'response-property-became-optional': 'error' });
 */
export function applyChangeLevels(
  result: DiffResult,
  rules: Readonly<Record<string, RuleLevel>>,
): DiffResult {
  if (Object.keys(rules).length === 0) return result;
  const adjusted = new Map<Change, Change | undefined>();
  const adjust = (change: Change): Change | undefined => {
    if (adjusted.has(change)) return adjusted.get(change);
    const level = levelFor(change.id, CHANGE_TO_REPORT[change.level], rules);
    const next = level === undefined ? undefined : { ...change, level: REPORT_TO_CHANGE[level] };
    adjusted.set(change, next);
    return next;
  };
  const keep = (list: Change[]) =>
    list.map(adjust).filter((change): change is Change => change !== undefined);
  const changes = keep(result.changes);
  const changed = result.changed
    .map((group) => ({ ...group, changes: keep(group.changes) }))
    .filter((group) => group.changes.length > 0);
  const count = (level: Change['level']) => changes.filter((change) => change.level === level).length;
  const summary = {
    ...result.summary,
    changed: changed.length,
    changes: changes.length,
    breaking: count('error'),
    warnings: count('warning'),
    infos: count('info'),
  };
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  summary.text =
    changes.length === 0
      ? 'No changes.'
      : `${plural(summary.breaking, 'breaking change')}, ${plural(summary.warnings, 'warning')}, ${plural(summary.infos, 'info')}; operations: ${summary.added} added, ${summary.removed} removed, ${summary.changed} changed.`;
  return {
    ...result,
    changes,
    changed,
    breaking: changes.filter((change) => change.level === 'error'),
    summary,
  };
}

/**
 * Diff changes as report findings, each in the file its location points into.
 *
 * @example
 * toDiffFindings(result, 'v1.yaml', 'v2.yaml');
 */
export function toDiffFindings(result: DiffResult, oldLabel: string, newLabel: string): ReportFinding[] {
  return result.changes.map((change) => {
    const finding: ReportFinding = {
      // A diff is one check of the new side against the old: every finding belongs to it.
      check: `${oldLabel} → ${newLabel}`,
      file: change.file ?? (change.side === 'old' ? oldLabel : newLabel),
      level: CHANGE_TO_REPORT[change.level] as ReportLevel,
      rule: change.id,
      message: change.message,
      pointer: change.location,
      operation: change.operation,
    };
    if (change.line !== undefined) finding.line = change.line;
    if (change.column !== undefined) finding.column = change.column;
    return finding;
  });
}
