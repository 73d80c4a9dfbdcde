import type { OptionSpec, ParsedArgs } from '../../commands/command.js';
import { toGithubAnnotations } from './github-report.js';
import { toJunit } from './junit-report.js';
import { toMarkdownReport } from './markdown-report.js';
import type { Report } from './report.js';
import { toSarif } from './sarif-report.js';

/** Every `--format` of validate and diff. */
export const REPORT_FORMATS = ['text', 'json', 'sarif', 'github', 'junit', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The `--format` and `--json` options, shared by validate and diff. */
export const FORMAT_OPTIONS: OptionSpec = { format: { type: 'string' }, json: { type: 'boolean' } };

/**
 * The format asked for: `--format X`, `--json` as `--format json`; the usage message when unknown.
 *
 * @example
 * readFormat({ values: { format: 'sarif' }, positionals: [] }); // { format: 'sarif' }
 */
export function readFormat(args: ParsedArgs): { format: ReportFormat } | { problem: string } {
  const given = args.values.format;
  if (given === undefined) return { format: args.values.json === true ? 'json' : 'text' };
  const format = REPORT_FORMATS.find((candidate) => candidate === given);
  if (format === undefined)
    return { problem: `unknown --format '${String(given)}'; one of ${REPORT_FORMATS.join(', ')}` };
  if (args.values.json === true && format !== 'json') return { problem: '--json and --format disagree' };
  return { format };
}

/**
 * Renders a report in one of the CI formats (`text` and `json` belong to each command).
 *
 * @example
 * renderReport(report, 'github', '0.1.0');
 */
export function renderReport(
  report: Report,
  format: 'sarif' | 'github' | 'junit' | 'markdown',
  version: string,
): string {
  switch (format) {
    case 'sarif':
      return toSarif(report, version);
    case 'github':
      return toGithubAnnotations(report);
    case 'junit':
      return toJunit(report);
    case 'markdown':
      return toMarkdownReport(report);
    default:
      return format satisfies never;
  }
}
