import type { Report, ReportFinding } from './report.js';

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/**
 * A SARIF 2.1.0 log (what GitHub code scanning uploads): one run of the `svc` driver, one rule per
 * distinct rule id, one result per finding located by file URI and, when known, line and column.
 *
 * @example
 * const log = JSON.parse(toSarif(report, '0.1.0')); // { version: '2.1.0', runs: [ … ] }
 */
export function toSarif(report: Report, version: string): string {
  const ruleIds = [...new Set(report.findings.map((finding) => finding.rule))].sort();
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'svc',
            fullName: report.command,
            version,
            rules: ruleIds.map((id) => ({ id, name: id, shortDescription: { text: id } })),
          },
        },
        artifacts: report.inputs.map((input) => ({ location: { uri: toUri(input) } })),
        results: report.findings.map((finding) => toResult(finding, ruleIds.indexOf(finding.rule))),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function toResult(finding: ReportFinding, ruleIndex: number) {
  const region =
    finding.line === undefined
      ? undefined
      : { startLine: finding.line, ...(finding.column === undefined ? {} : { startColumn: finding.column }) };
  const text = finding.operation ? `${finding.operation}: ${finding.message}` : finding.message;
  return {
    ruleId: finding.rule,
    ruleIndex,
    level: SARIF_LEVEL[finding.level],
    message: { text },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: toUri(finding.file) },
          ...(region ? { region } : {}),
        },
        logicalLocations: [{ fullyQualifiedName: `#${finding.pointer}`, kind: 'member' }],
      },
    ],
  };
}

/** A relative file name as a URI reference (SARIF wants URIs, not paths). */
function toUri(file: string): string {
  return encodeURI(file.replaceAll('\\', '/')).replaceAll('#', '%23').replaceAll('?', '%3F');
}
