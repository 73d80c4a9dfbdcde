import { countLevels, formatPlace, type Report, type ReportFinding } from './report.js';

/**
 * JUnit XML for test dashboards: one `<testsuite>` per check (validated file, or the diff), one `<testcase>` per finding
 * (named by rule and `file:line`, the file being the input or one its `$ref`s name; errors are
 * `<failure>`s, warnings and infos pass with the message in `<system-out>`), and one passing
 * `<testcase>` for a check with no finding.
 *
 * @example
 * toJunit(report); // '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites …'
 */
export function toJunit(report: Report): string {
  let tests = 0;
  const suites = report.checks.map((input) => {
    const findings = report.findings.filter((finding) => finding.check === input);
    const cases =
      findings.length === 0
        ? [`    <testcase name="${escapeXml(input)}" classname="${escapeXml(report.command)}"/>`]
        : findings.map((finding) => toTestcase(finding, report.command));
    tests += cases.length;
    return [
      `  <testsuite name="${escapeXml(input)}" tests="${cases.length}" failures="${countLevels(findings).error}" errors="0" skipped="0">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(report.command)}" tests="${tests}" failures="${countLevels(report.findings).error}" errors="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function toTestcase(finding: ReportFinding, command: string): string {
  const subject = finding.operation ? `${finding.operation} ` : '';
  const name = `${finding.rule} ${subject}at ${formatPlace(finding)} #${finding.pointer}`;
  const open = `    <testcase name="${escapeXml(name)}" classname="${escapeXml(command)}">`;
  const body =
    finding.level === 'error'
      ? `      <failure message="${escapeXml(finding.message)}" type="${escapeXml(finding.rule)}">${escapeXml(`${formatPlace(finding)}: ${finding.message}`)}</failure>`
      : `      <system-out>${escapeXml(`${finding.level}: ${finding.message}`)}</system-out>`;
  return `${open}\n${body}\n    </testcase>`;
}

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
