/** How serious a finding is, in the CI formats' terms (`info` is SARIF's `note`). */
export type ReportLevel = 'error' | 'warning' | 'info';

/** One finding of a check, with the file it is in: what every CI format prints. */
export interface ReportFinding {
  /** The check that found it (one of the report's `checks`). */
  check: string;
  /** The file the finding is in: the input itself or a file its `$ref`s name, relative to it. */
  file: string;
  line?: number;
  column?: number;
  level: ReportLevel;
  /** A stable rule id: a `SPEC_` code for validate, a change id for diff. */
  rule: string;
  message: string;
  /** JSON pointer inside `file`. */
  pointer: string;
  /** `METHOD /path`, for diff findings. */
  operation?: string;
}

/** What one run checked and found, independent of the output format. */
export interface Report {
  /** The command, `svc spec validate` or `svc spec diff`. */
  command: string;
  /** The inputs, in order: one per file for validate, old and new for diff. */
  inputs: string[];
  /** The units a JUnit report has suites for: each validated file; `old → new` for a diff. */
  checks: string[];
  findings: ReportFinding[];
  /** The one-line verdict the text format ends with, without its mark. */
  summary: string;
  /** True when the run passes (its exit code is 0). */
  passed: boolean;
}

/** Counts findings by level. */
export function countLevels(findings: readonly ReportFinding[]): Record<ReportLevel, number> {
  const counts: Record<ReportLevel, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.level]++;
  return counts;
}

/** `file:line:col`, leaving out what is unknown. */
export function formatPlace(finding: ReportFinding): string {
  let place = finding.file;
  if (finding.line !== undefined) {
    place += `:${finding.line}`;
    if (finding.column !== undefined) place += `:${finding.column}`;
  }
  return place;
}
