import type { Diagnostic } from '@svc/spec-toolkit';
import type { ReportFinding, ReportLevel } from '../../output/report/report.js';
import type { RuleLevel } from './spec-config.js';

const TO_REPORT: Record<Exclude<RuleLevel, 'off'>, ReportLevel> = {
  error: 'error',
  warn: 'warning',
  info: 'info',
};

/**
 * The level a finding ends with: the configured one for its rule when there is one (`off`
 * drops it: undefined), else its own.
 *
 * @example
 * levelFor('SPEC_STYLE_NO_SERVERS', 'warning', { SPEC_STYLE_NO_SERVERS: 'off' }); // undefined
 */
export function levelFor(
  rule: string,
  own: ReportLevel,
  rules: Readonly<Record<string, RuleLevel>>,
): ReportLevel | undefined {
  const configured = Object.hasOwn(rules, rule) ? rules[rule] : undefined;
  if (configured === undefined) return own;
  return configured === 'off' ? undefined : TO_REPORT[configured];
}

/**
 * Validate diagnostics as report findings at their configured levels, in the order given.
 *
 * @example
 * toValidateFindings('api.yaml', result.errors, 'error', config.rules);
 */
export function toValidateFindings(
  label: string,
  diagnostics: readonly Diagnostic[],
  own: ReportLevel,
  rules: Readonly<Record<string, RuleLevel>>,
): ReportFinding[] {
  const out: ReportFinding[] = [];
  for (const diagnostic of diagnostics) {
    const level = levelFor(diagnostic.code, own, rules);
    if (level === undefined) continue;
    const finding: ReportFinding = {
      check: label,
      file: diagnostic.file ?? label,
      level,
      rule: diagnostic.code,
      message: diagnostic.message,
      pointer: diagnostic.path,
    };
    if (diagnostic.line !== undefined) finding.line = diagnostic.line;
    if (diagnostic.column !== undefined) finding.column = diagnostic.column;
    out.push(finding);
  }
  return out;
}
