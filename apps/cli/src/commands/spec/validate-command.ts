import { type ValidateResult, validate } from '@svc/spec-toolkit';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { formatDiagnostic } from '../../output/diagnostic-line.js';
import { pluralize, toJsonText } from '../../output/printer.js';
import { type Command, type CommandContext, checkPositionals, failUsage } from '../command.js';
import { readSpecArgument } from './read-spec-argument.js';

/**
 * `svc spec validate <file|-> [--strict] [--json]`.
 *
 * @example
 * await runCommand(validateCommand, ['api.yaml', '--strict'], context); // 0, 1 or 2
 */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check an OpenAPI 3.x / Swagger 2.0 document for errors',
  help: `Usage: svc spec validate <file|-> [--strict] [--json]

Validate an OpenAPI 3.0 / 3.1 / 3.2 or Swagger 2.0 document, JSON or YAML. Use - to read stdin.
Prints one line per problem (file:line:col  CODE  message) and a summary line.

Options:
  --strict      Also report style warnings (missing summaries, descriptions, 4xx responses, ...)
  --json        Print the validate result as JSON
  -h, --help    Show this help

Exit codes: 0 valid (warnings allowed), 1 invalid, 2 usage or I/O error.`,
  options: { strict: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']);
    if (problem) return failUsage(context, problem);
    const input = await readSpecArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    const result = validate({ spec: input.spec, options: { strict: args.values.strict === true } });
    if (args.values.json === true) context.out.raw(toJsonText(result));
    else printReport(input.label, result, context);
    return result.valid ? EXIT_OK : EXIT_FAILURE;
  },
};

function printReport(label: string, result: ValidateResult, context: CommandContext): void {
  const { out } = context;
  for (const error of result.errors) out.line(formatDiagnostic(label, error, 'error', out.style));
  for (const warning of result.warnings) out.line(formatDiagnostic(label, warning, 'warning', out.style));
  const warnings = result.warnings.length > 0 ? `, ${pluralize(result.warnings.length, 'warning')}` : '';
  if (result.valid) {
    const kind = result.version === '2.0' ? 'Swagger 2.0' : `OpenAPI ${result.version ?? '3'}`;
    const size = `${pluralize(result.counts.paths, 'path')}, ${pluralize(result.counts.operations, 'operation')}`;
    out.line(`${out.style.green('✓')} ${label} is valid ${kind} (${size})${warnings}`);
  } else {
    out.line(
      `${out.style.red('✗')} ${label} is invalid: ${pluralize(result.errors.length, 'error')}${warnings}`,
    );
  }
}
