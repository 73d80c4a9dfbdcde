import type { Report, ReportFinding } from './report.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/**
 * GitHub Actions workflow commands: one `::error file=…,line=…::message` annotation per finding
 * (warnings as `::warning`, infos as `::notice`), then the summary line.
 *
 * @example
 * toGithubAnnotations(report); // '::error file=openapi.yaml,line=3,col=1,title=SPEC_X::…\n…'
 */
export function toGithubAnnotations(report: Report): string {
  const lines = report.findings.map(toAnnotation);
  lines.push(`${report.passed ? '✓' : '✗'} ${report.summary}`);
  return `${lines.join('\n')}\n`;
}

function toAnnotation(finding: ReportFinding): string {
  const properties = [`file=${escapeProperty(finding.file)}`];
  if (finding.line !== undefined) properties.push(`line=${finding.line}`);
  if (finding.column !== undefined) properties.push(`col=${finding.column}`);
  properties.push(`title=${escapeProperty(finding.rule)}`);
  const where = finding.line === undefined ? ` (at #${finding.pointer})` : '';
  const text = finding.operation ? `${finding.operation}: ${finding.message}` : finding.message;
  return `::${COMMAND[finding.level]} ${properties.join(',')}::${escapeData(text + where)}`;
}

// The escapes of @actions/core's command.ts: data and property values differ in `:` and `,`.
function escapeData(value: string): string {
  return value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

function escapeProperty(value: string): string {
  return escapeData(value).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
