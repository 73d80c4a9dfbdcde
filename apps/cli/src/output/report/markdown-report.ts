import { countLevels, formatPlace, type Report, type ReportFinding } from './report.js';

const ICON = { error: '🔴', warning: '🟡', info: '🔵' } as const;
const LEVEL_WORDS = { error: 'errors', warning: 'warnings', info: 'infos' } as const;

/**
 * The most characters a Markdown report has: GitHub refuses a pull-request comment over 65,536,
 * and the rest leaves room for a team's own text around the report.
 */
export const MAX_MARKDOWN_REPORT_CHARS = 60_000;
/** A message longer than this is cut in its table cell (the text and JSON formats keep it whole). */
const MAX_MESSAGE_CHARS = 500;
/** Inputs named in the counts line; validate may take thousands of files. */
const MAX_INPUTS_NAMED = 5;
/** Rules in the by-rule summary (the catalogues have fewer; this bounds it all the same). */
const MAX_RULES_LISTED = 100;
/** What the "N more" line and the by-rule summary may take, kept free while rows are added. */
const FOOTER_RESERVE = 400;

/**
 * A Markdown summary fit for a pull-request comment: a verdict heading, counts, and a table of
 * findings (errors first: for a diff, the breaking changes) with file and line. It never
 * exceeds {@link MAX_MARKDOWN_REPORT_CHARS}: when the findings do not all fit, a table of
 * counts per rule comes first and a last line says how many more findings were left out.
 *
 * @example
 * toMarkdownReport(report); // '### ✗ svc spec diff: 2 breaking changes …'
 */
export function toMarkdownReport(report: Report, maxChars = MAX_MARKDOWN_REPORT_CHARS): string {
  const counts = countLevels(report.findings);
  const head = [
    `### ${report.passed ? '✅' : '❌'} \`${report.command}\`: ${escapeCell(report.summary)}`,
    '',
    `**${counts.error}** errors · **${counts.warning}** warnings · **${counts.info}** infos — ${nameInputs(report.inputs)}`,
  ];
  if (report.findings.length === 0) return `${head.join('\n')}\n`;
  const withOperation = report.findings.some((finding) => finding.operation !== undefined);
  const tableHead = withOperation
    ? ['| | Rule | Operation | Location | Message |', '|---|---|---|---|---|']
    : ['| | Rule | Location | Message |', '|---|---|---|---|'];
  const rows = sortByLevel(report.findings).map((finding) => toRow(finding, withOperation));
  const whole = [...head, '', ...tableHead, ...rows];
  if (textLength(whole) <= maxChars) return `${whole.join('\n')}\n`;

  // Too long for one comment: counts per rule, then as many rows as fit, then the rest counted.
  const byRule = summariseRules(report.findings);
  const start = [...head, '', ...byRule, '', ...tableHead];
  let length = textLength(start);
  let shown = 0;
  while (shown < rows.length && length + (rows[shown]?.length ?? 0) + 1 + FOOTER_RESERVE <= maxChars) {
    length += (rows[shown]?.length ?? 0) + 1;
    shown++;
  }
  const left = sortByLevel(report.findings).slice(shown);
  const leftCounts = countLevels(left);
  const parts = (['error', 'warning', 'info'] as const)
    .filter((level) => leftCounts[level] > 0)
    .map((level) => `${leftCounts[level]} ${LEVEL_WORDS[level]}`);
  const more = `**… ${left.length} more findings not shown** (${parts.join(', ')}): this report stops at ${maxChars.toLocaleString('en-US')} characters, so it fits in a pull-request comment. Run \`${report.command}\` with \`--format text\` or \`--format json\` for every finding.`;
  return `${[...start, ...rows.slice(0, shown), '', more].join('\n')}\n`;
}

function textLength(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

function nameInputs(inputs: readonly string[]): string {
  const named = inputs.slice(0, MAX_INPUTS_NAMED).map((input) => `\`${escapeCode(input)}\``);
  if (inputs.length > MAX_INPUTS_NAMED) named.push(`${inputs.length - MAX_INPUTS_NAMED} more files`);
  return named.join(' → ');
}

/** One row per rule, most serious level first and then the most frequent. */
function summariseRules(findings: readonly ReportFinding[]): string[] {
  const byRule = new Map<string, { level: ReportFinding['level']; count: number }>();
  for (const finding of findings) {
    const entry = byRule.get(finding.rule);
    if (entry) entry.count++;
    else byRule.set(finding.rule, { level: finding.level, count: 1 });
  }
  const rank = { error: 0, warning: 1, info: 2 } as const;
  const sorted = [...byRule].sort(
    ([ruleA, a], [ruleB, b]) =>
      rank[a.level] - rank[b.level] || b.count - a.count || (ruleA < ruleB ? -1 : ruleA > ruleB ? 1 : 0),
  );
  const rows = sorted
    .slice(0, MAX_RULES_LISTED)
    .map(([rule, entry]) => `| ${ICON[entry.level]} | \`${escapeCode(rule)}\` | ${entry.count} |`);
  if (sorted.length > MAX_RULES_LISTED) rows.push(`| | ${sorted.length - MAX_RULES_LISTED} more rules | |`);
  return ['| | Rule | Findings |', '|---|---|---|', ...rows];
}

function toRow(finding: ReportFinding, withOperation: boolean): string {
  const cells = [
    ICON[finding.level],
    `\`${escapeCode(finding.rule)}\``,
    ...(withOperation ? [finding.operation ? `\`${escapeCode(finding.operation)}\`` : ''] : []),
    `\`${escapeCode(formatPlace(finding))}\``,
    escapeCell(
      finding.message.length > MAX_MESSAGE_CHARS
        ? `${finding.message.slice(0, MAX_MESSAGE_CHARS)}…`
        : finding.message,
    ),
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
