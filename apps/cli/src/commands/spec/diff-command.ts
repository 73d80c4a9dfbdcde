import { type Change, type DiffResult, diff } from '@svc/spec-toolkit';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { formatDiagnostic } from '../../output/diagnostic-line.js';
import { toJsonText } from '../../output/printer.js';
import { type Command, type CommandContext, checkPositionals, failUsage } from '../command.js';
import { readSpecArgument } from './read-spec-argument.js';

/**
 * `svc spec diff <old|-> <new|-> [--json] [--fail-on-breaking]`.
 *
 * @example
 * await runCommand(diffCommand, ['v1.yaml', 'v2.yaml', '--fail-on-breaking'], context);
 */
export const diffCommand: Command = {
  name: 'diff',
  summary: 'Compare two versions of a spec and list breaking changes',
  help: `Usage: svc spec diff <old> <new> [--json] [--fail-on-breaking]

Compare two versions of a spec (JSON or YAML; one of them may be - for stdin) and list
added, removed and changed operations, breaking changes first.

Options:
  --fail-on-breaking    Exit 1 when there is at least one breaking change
  --json                Print the diff result as JSON
  -h, --help            Show this help

Exit codes: 0 compared (1 with --fail-on-breaking and breaking changes), 2 usage or I/O
error, or a spec that cannot be read.`,
  options: { json: { type: 'boolean' }, 'fail-on-breaking': { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<old>', '<new>']);
    if (problem) return failUsage(context, problem);
    const before = await readSpecArgument(args.positionals[0] as string, context);
    if (!before) return EXIT_USAGE;
    const after = await readSpecArgument(args.positionals[1] as string, context);
    if (!after) return EXIT_USAGE;
    const result = diff({ specA: before.spec, specB: after.spec });
    if (result.errors.length > 0) {
      for (const error of result.errors) {
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
    if (args.values.json === true) context.out.raw(toJsonText(result));
    else printReport(result, context, [before.label, after.label]);
    return args.values['fail-on-breaking'] === true && result.breaking.length > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};

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
