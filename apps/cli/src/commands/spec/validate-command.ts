import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import {
  IGNORE_FILE_NAME,
  type IgnoreList,
  parseIgnoreFile,
  toIgnoreFileText,
  type ValidateResult,
  validate,
} from '@svc/spec-toolkit';
import packageJson from '../../../package.json' with { type: 'json' };
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { expandGlobs } from '../../input/expand-globs.js';
import { pluralize, toJsonText } from '../../output/printer.js';
import { countLevels, formatPlace, type Report, type ReportFinding } from '../../output/report/report.js';
import { FORMAT_OPTIONS, readFormat, renderReport } from '../../output/report/report-format.js';
import { type Command, type CommandContext, failInput, failUsage } from '../command.js';
import { toValidateFindings } from './apply-rule-levels.js';
import { readSpecArgument } from './read-spec-argument.js';
import { readSpecConfig } from './spec-config.js';

/** One validated file: the toolkit's result and its findings at their configured levels. */
interface ValidatedFile {
  label: string;
  result: ValidateResult;
  findings: ReportFinding[];
}

/**
 * `svc spec validate <file|glob|->... [--strict] [--format F] [--max-warnings N] [--config C]`.
 *
 * @example
 * await runCommand(validateCommand, ['api.yaml', '--strict'], context); // 0, 1 or 2
 */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check OpenAPI 3.x / Swagger 2.0 documents for errors',
  help: `Usage: svc spec validate <file|glob|->... [--strict] [--format <format>] [--max-warnings <n>]
                          [--config <file>] [--generate-ignore-file] [--ignore-file <file>]

Validate OpenAPI 3.0 / 3.1 / 3.2 or Swagger 2.0 documents, JSON or YAML, with the files their
$refs name. Several files and quoted globs ('specs/**/*.yaml') are checked in one run; - reads
stdin. Prints one line per problem (file:line:col  CODE  message) and a summary line.

Options:
  --strict               Also report style warnings (missing summaries, descriptions, 4xx responses, ...)
  --format <format>      text (default), json, sarif, github, junit or markdown
  --json                 Same as --format json
  --max-warnings <n>     Fail (exit 1) when there are more than n warnings in all
  --config <file>        Rule levels and defaults (default: svc.config.json or .svcrc.yaml,
                         looked up from the working directory upwards)
  --generate-ignore-file Write every current finding to the ignore file and exit 0; later runs
                         report only findings not listed there
  --ignore-file <file>   The ignore file (default: .svc-lint-ignore.yaml in the working
                         directory, used when it exists)
  -h, --help             Show this help

Exit codes: 0 valid (warnings allowed up to --max-warnings), 1 invalid or too many warnings,
2 usage or I/O error.`,
  options: {
    strict: { type: 'boolean' },
    ...FORMAT_OPTIONS,
    'max-warnings': { type: 'string' },
    config: { type: 'string' },
    'generate-ignore-file': { type: 'boolean' },
    'ignore-file': { type: 'string' },
  },
  async run(args, context) {
    if (args.positionals.length === 0) return failUsage(context, 'missing <file>');
    const format = readFormat(args);
    if ('problem' in format) return failUsage(context, format.problem);
    const config = await readSpecConfig(context.io.cwd, args.values.config as string | undefined);
    if (typeof config === 'string') return failInput(context, config);
    const maxWarnings = readMaxWarnings(args.values['max-warnings'], config.maxWarnings);
    if (typeof maxWarnings === 'string') return failUsage(context, maxWarnings);
    const expanded = await expandGlobs(args.positionals, context.io.cwd);
    if (!expanded.ok) return failInput(context, expanded.message);
    if (expanded.files.filter((file) => file === '-').length > 1)
      return failUsage(context, 'stdin (-) can be read only once');
    const ignorePath = resolve(
      context.io.cwd,
      (args.values['ignore-file'] as string | undefined) ?? IGNORE_FILE_NAME,
    );
    const generate = args.values['generate-ignore-file'] === true;
    const ignoreList = generate
      ? undefined
      : await readIgnoreList(ignorePath, args.values['ignore-file'] !== undefined);
    if (typeof ignoreList === 'string') return failInput(context, ignoreList);
    const checked: ValidatedFile[] = [];
    let ignored = 0;
    for (const file of expanded.files) {
      const input = await readSpecArgument(file, context);
      if (!input) return EXIT_USAGE;
      const result = validate({ spec: input.spec, options: { strict: args.values.strict === true } });
      const all = [
        ...toValidateFindings(input.label, result.errors, 'error', config.rules),
        ...toValidateFindings(input.label, result.warnings, 'warning', config.rules),
      ];
      const kept = ignoreList === undefined ? all : all.filter((finding) => !ignoreList.ignores(finding));
      ignored += all.length - kept.length;
      checked.push({ label: input.label, result, findings: kept });
    }
    if (generate) {
      const all = checked.flatMap((file) => file.findings);
      await writeFile(ignorePath, toIgnoreFileText(all));
      context.out.line(
        `wrote ${all.length} findings to ${relative(context.io.cwd, ignorePath) || ignorePath}`,
      );
      return EXIT_OK;
    }
    const report = toReport(checked, maxWarnings);
    if (ignored > 0)
      report.summary += ` (${ignored} known ${ignored === 1 ? 'finding' : 'findings'} ignored, as ${relative(context.io.cwd, ignorePath) || ignorePath} lists)`;
    if (format.format === 'json') context.out.raw(toJsonText(toJson(checked)));
    else if (format.format === 'text') printText(checked, report, context);
    else context.out.raw(renderReport(report, format.format, packageJson.version));
    return report.passed ? EXIT_OK : EXIT_FAILURE;
  },
};

/** The ignore file's list; undefined when there is none (an error only when it was named). */
async function readIgnoreList(path: string, named: boolean): Promise<IgnoreList | string | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!named && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return `cannot read ignore file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  const list = parseIgnoreFile(text);
  return typeof list === 'string' ? `ignore file ${path}: ${list}` : list;
}

function readMaxWarnings(given: unknown, fallback: number | undefined): number | undefined | string {
  if (given === undefined) return fallback;
  const text = String(given);
  if (!/^\d+$/.test(text)) return `--max-warnings must be a whole number ≥ 0, not '${text}'`;
  return Number(text);
}

function toReport(checked: readonly ValidatedFile[], maxWarnings: number | undefined): Report {
  const findings = checked.flatMap((file) => file.findings);
  const counts = countLevels(findings);
  const tooManyWarnings = maxWarnings !== undefined && counts.warning > maxWarnings;
  const invalid = checked.filter((file) => file.findings.some((finding) => finding.level === 'error'));
  const only = checked.length === 1 ? checked[0] : undefined;
  let summary: string;
  if (only !== undefined) summary = describeFile(only);
  else
    summary = `${invalid.length === 0 ? 'all' : `${invalid.length} of`} ${pluralize(checked.length, 'file')} ${invalid.length === 0 ? 'valid' : 'invalid'}: ${pluralize(counts.error, 'error')}, ${pluralize(counts.warning, 'warning')}`;
  if (tooManyWarnings) summary += `; too many warnings (${counts.warning}, at most ${maxWarnings} allowed)`;
  return {
    command: 'svc spec validate',
    inputs: checked.map((file) => file.label),
    checks: checked.map((file) => file.label),
    findings,
    summary,
    passed: invalid.length === 0 && !tooManyWarnings,
  };
}

function describeFile(file: ValidatedFile): string {
  const counts = countLevels(file.findings);
  const warnings = counts.warning > 0 ? `, ${pluralize(counts.warning, 'warning')}` : '';
  if (counts.error > 0) return `${file.label} is invalid: ${pluralize(counts.error, 'error')}${warnings}`;
  const version = file.result.version;
  const kind = version === '2.0' ? 'Swagger 2.0' : `OpenAPI ${version ?? '3'}`;
  const size = `${pluralize(file.result.counts.paths, 'path')}, ${pluralize(file.result.counts.operations, 'operation')}`;
  return `${file.label} is valid ${kind} (${size})${warnings}`;
}

/** One file: the toolkit's result with configured levels applied; several: `{ valid, files }`. */
function toJson(checked: readonly ValidatedFile[]): unknown {
  const files = checked.map((file) => {
    const pick = (level: ReportFinding['level']) =>
      [...file.result.errors, ...file.result.warnings].filter((diagnostic) =>
        file.findings.some(
          (finding) =>
            finding.level === level &&
            finding.rule === diagnostic.code &&
            finding.pointer === diagnostic.path &&
            finding.message === diagnostic.message,
        ),
      );
    const errors = pick('error');
    const warnings = pick('warning');
    const infos = pick('info');
    return {
      ...file.result,
      valid: errors.length === 0,
      errors,
      warnings,
      ...(infos.length > 0 ? { infos } : {}),
      counts: { ...file.result.counts, errors: errors.length, warnings: warnings.length },
    };
  });
  if (files.length === 1) return files[0];
  return {
    valid: files.every((file) => file.valid),
    files: files.map((file, index) => ({ file: checked[index]?.label, ...file })),
  };
}

function printText(checked: readonly ValidatedFile[], report: Report, context: CommandContext): void {
  const { out } = context;
  const { style } = out;
  for (const file of checked) {
    const ordered = [
      ...file.findings.filter((finding) => finding.level === 'error'),
      ...file.findings.filter((finding) => finding.level !== 'error'),
    ];
    for (const finding of ordered) {
      const code = finding.level === 'error' ? style.red(finding.rule) : style.yellow(finding.rule);
      const mark = finding.level === 'error' ? '' : `${style.yellow(finding.level)}  `;
      const pointer = finding.line === undefined ? `  ${style.dim(`at #${finding.pointer}`)}` : '';
      out.line(`${style.dim(formatPlace(finding))}  ${mark}${code}  ${finding.message}${pointer}`);
    }
    const valid = !file.findings.some((finding) => finding.level === 'error');
    if (checked.length > 1) out.line(`${valid ? style.green('✓') : style.red('✗')} ${describeFile(file)}`);
  }
  out.line(`${report.passed ? style.green('✓') : style.red('✗')} ${report.summary}`);
}
