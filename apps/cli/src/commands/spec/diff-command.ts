import { type Change, type DiffResult, diff } from '@svc/spec-toolkit';
import packageJson from '../../../package.json' with { type: 'json' };
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { formatDiagnostic } from '../../output/diagnostic-line.js';
import { toJsonText } from '../../output/printer.js';
import type { Report } from '../../output/report/report.js';
import { FORMAT_OPTIONS, readFormat, renderReport } from '../../output/report/report-format.js';
import {
  type Command,
  type CommandContext,
  checkPositionals,
  failInput,
  failUsage,
  type ParsedArgs,
} from '../command.js';
import { applyChangeLevels, type FailOn, failsAt, readFailOn, toDiffFindings } from './diff-levels.js';
import { readSpecArgument } from './read-spec-argument.js';
import { readSpecConfig } from './spec-config.js';

/**
 * `svc spec diff <old> <new> [--format F] [--fail-on error|warn|info] [--config C]`.
 *
 * @example
 * await runCommand(diffCommand, ['v1.yaml', 'v2.yaml', '--fail-on', 'error'], context);
 */
export const diffCommand: Command = {
  name: 'diff',
  summary: 'Compare two versions of a spec and list breaking changes',
  help: `Usage: svc spec diff <old> <new> [--format <format>] [--fail-on <level>] [--config <file>]

Compare two versions of a spec (JSON or YAML, with the files their $refs name; one of them may
be - for stdin) and list added, removed and changed operations, breaking changes first.
<old> may be git:<rev>:<path>, the file as it is at a git revision (read with git show):
  svc spec diff git:origin/main:openapi.yaml openapi.yaml --fail-on error

Options:
  --fail-on <level>     Exit 1 when a change is at this level or above: error (breaking),
                        warn or info (any change); oasdiff's ERR, WARN, INFO work too
  --fail-on-breaking    Same as --fail-on error
  --format <format>     text (default), json, sarif, github, junit or markdown
  --json                Same as --format json
  --config <file>       Rule levels and defaults (default: svc.config.json or .svcrc.yaml,
                        looked up from the working directory upwards)
  -h, --help            Show this help

Exit codes: 0 compared (1 with --fail-on and a change at that level), 2 usage or I/O
error, or a spec that cannot be read.`,
  options: {
    ...FORMAT_OPTIONS,
    'fail-on': { type: 'string' },
    'fail-on-breaking': { type: 'boolean' },
    config: { type: 'string' },
  },
  async run(args, context) {
    const problem = checkPositionals(args, ['<old>', '<new>']);
    if (problem) return failUsage(context, problem);
    const format = readFormat(args);
    if ('problem' in format) return failUsage(context, format.problem);
    const config = await readSpecConfig(context.io.cwd, args.values.config as string | undefined);
    if (typeof config === 'string') return failInput(context, config);
    const failOn = readFailOnOption(args.values, config.failOn);
    if (failOn?.startsWith('--')) return failUsage(context, failOn);
    const before = await readSpecArgument(args.positionals[0] as string, context);
    if (!before) return EXIT_USAGE;
    const after = await readSpecArgument(args.positionals[1] as string, context);
    if (!after) return EXIT_USAGE;
    const compared = diff({ specA: before.spec, specB: after.spec });
    if (compared.errors.length > 0) {
      for (const error of compared.errors) {
        const label =
          error.side === 'old'
            ? before.label
            : error.side === 'new'
              ? after.label
              : `${before.label} → ${after.label}`;
        context.err.line(formatDiagnostic(label, error, 'error', context.err.style));
      }
      return EXIT_USAGE;
    }
    const result = applyChangeLevels(compared, config.rules);
    const threshold = failOn as FailOn | undefined;
    const failed =
      threshold !== undefined && result.changes.some((change) => failsAt(change.level, threshold));
    if (format.format === 'json') context.out.raw(toJsonText(result));
    else if (format.format === 'text') printReport(result, context, [before.label, after.label]);
    else {
      const report: Report = {
        command: 'svc spec diff',
        inputs: [before.label, after.label],
        checks: [`${before.label} → ${after.label}`],
        findings: toDiffFindings(result, before.label, after.label),
        summary: result.summary.text,
        passed: !failed,
      };
      context.out.raw(renderReport(report, format.format, packageJson.version));
    }
    return failed ? EXIT_FAILURE : EXIT_OK;
  },
};

/** `--fail-on`, else `--fail-on-breaking` (error), else the config's `failOn`; a message starting with `--` when invalid. */
function readFailOnOption(
  values: ParsedArgs['values'],
  fallback: FailOn | undefined,
): FailOn | string | undefined {
  if (typeof values['fail-on'] === 'string') {
    if (values['fail-on-breaking'] === true) return '--fail-on and --fail-on-breaking: give one';
    return readFailOn(values['fail-on']);
  }
  if (values['fail-on-breaking'] === true) return 'error';
  return fallback;
}

function printReport(result: DiffResult, context: CommandContext, entries: readonly string[]): void {
  const { out } = context;
  const { style } = out;
  const section = (title: string, count: number) => out.line(style.bold(`${title} (${count})`));
  if (result.breaking.length > 0) {
    section('Breaking changes', result.breaking.length);
    for (const change of result.breaking)
      out.line(`  ${style.red('✗')} ${formatChange(change, context, entries)}`);
    out.line();
  }
  if (result.removed.length > 0) {
    section('Removed operations', result.removed.length);
    for (const operation of result.removed) out.line(`  ${style.red('-')} ${operation}`);
    out.line();
  }
  if (result.added.length > 0) {
    section('Added operations', result.added.length);
    for (const operation of result.added) out.line(`  ${style.green('+')} ${operation}`);
    out.line();
  }
  // Breaking changes are listed above, and added or removed operations have their own sections.
  const inChanged = result.changed.flatMap((group) =>
    group.changes.filter((change) => change.level !== 'error'),
  );
  if (inChanged.length > 0) {
    section('Other changes', inChanged.length);
    for (const change of inChanged) {
      const mark = change.level === 'warning' ? style.yellow('!') : style.dim('·');
      out.line(`  ${mark} ${formatChange(change, context, entries)}`);
    }
    out.line();
  }
  out.line(summarize(result, context));
}

/** A change found in a referenced file says where: `(schemas/pet.yaml#/properties/id)`. */
function formatChange(change: Change, context: CommandContext, entries: readonly string[]): string {
  const { style } = context.out;
  const where =
    change.file !== undefined && !entries.includes(change.file)
      ? `  ${style.dim(`(${change.file}#${change.location})`)}`
      : '';
  return `${change.operation}  ${style.dim(change.id)}  ${change.message}${where}`;
}

function summarize(result: DiffResult, context: CommandContext): string {
  const { style } = context.out;
  const total = result.added.length + result.removed.length + result.changed.length;
  if (total === 0) return `${style.green('✓')} No changes to operations.`;
  const mark = result.breaking.length > 0 ? style.red('✗') : style.green('✓');
  return `${mark} ${result.summary.text}`;
}
