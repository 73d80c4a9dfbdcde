import { countLevels, formatPlace, type Report, type ReportFinding } from './report.js';

const ICON = { error: '🔴', warning: '🟡', info: '🔵' } as const;

/**
 * A Markdown summary fit for a pull-request comment: a verdict heading, counts, and a table of
 * findings (errors first) with file and line.
 *
 * @example
 * toMarkdownReport(report); // '### ✗ svc spec diff: 2 breaking changes …'
 */
export function toMarkdownReport(report: Report): string {
  const counts = countLevels(report.findings);
  const lines = [
    `### ${report.passed ? '✅' : '❌'} \`${report.command}\`: ${escapeCell(report.summary)}`,
    '',
    `**${counts.error}** errors · **${counts.warning}** warnings · **${counts.info}** infos — ${report.inputs.map((input) => `\`${input}\``).join(' → ')}`,
  ];
  if (report.findings.length > 0) {
    const withOperation = report.findings.some((finding) => finding.operation !== undefined);
    lines.push(
      '',
      withOperation ? '| | Rule | Operation | Location | Message |' : '| | Rule | Location | Message |',
    );
    lines.push(withOperation ? '|---|---|---|---|---|' : '|---|---|---|---|');
    for (const finding of sortByLevel(report.findings)) lines.push(toRow(finding, withOperation));
  }
  return `${lines.join('\n')}\n`;
}

function toRow(finding: ReportFinding, withOperation: boolean): string {
  const cells = [
    ICON[finding.level],
    `\`${escapeCode(finding.rule)}\``,
    ...(withOperation ? [finding.operation ? `\`${escapeCode(finding.operation)}\`` : ''] : []),
    `\`${escapeCode(formatPlace(finding))}\``,
    escapeCell(finding.message),
  ];
  return `| ${cells.join(' | ')} |`;
}

function sortByLevel(findings: readonly ReportFinding[]): ReportFinding[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...findings].sort((a, b) => rank[a.level] - rank[b.level]);
}

/** Text inside a table cell: pipes escaped, one line, no HTML. */
function escapeCell(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll('|', '\\|')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/\r?\n/g, ' ');
}

/** Text inside inline code in a table cell: backticks and pipes would end it. */
function escapeCode(value: string): string {
  return value.replaceAll('`', "'").replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}
