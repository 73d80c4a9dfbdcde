import { listEndpoints } from '@svc/spec-toolkit';
import { EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { toJsonText } from '../../output/printer.js';
import { formatTable } from '../../output/table.js';
import { type Command, checkPositionals, failUsage, reportToolErrors } from '../command.js';
import { readSpecArgument } from './read-spec-argument.js';

/**
 * `svc spec endpoints <file|-> [--json]`.
 *
 * @example
 * await runCommand(endpointsCommand, ['api.yaml'], context);
 */
export const endpointsCommand: Command = {
  name: 'endpoints',
  summary: 'List every operation as a table',
  help: `Usage: svc spec endpoints <file|-> [--json]

List every operation of a spec: METHOD, path, operationId and summary, aligned in columns.
Use - to read stdin.

Options:
  --json        Print the listEndpoints result as JSON (parameters, responses, security, ...)
  -h, --help    Show this help

Exit codes: 0 listed, 2 usage or I/O error, or a spec that cannot be parsed.`,
  options: { json: { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']);
    if (problem) return failUsage(context, problem);
    const input = await readSpecArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    const result = listEndpoints({ spec: input.spec });
    if (args.values.json === true) {
      context.out.raw(toJsonText(result));
    } else if (result.endpoints.length > 0) {
      const rows = result.endpoints.map((e) => [e.method, e.path, e.operationId ?? '-', e.summary ?? '']);
      const [header, ...body] = formatTable([['METHOD', 'PATH', 'OPERATION ID', 'SUMMARY'], ...rows]);
      context.out.line(context.out.style.bold(header ?? ''));
      for (const line of body) context.out.line(line);
    }
    const failed = reportToolErrors(input.label, result.errors, context);
    if (!failed && result.endpoints.length === 0 && args.values.json !== true) {
      context.out.line(`${input.label} has no operations.`);
    }
    return failed ? EXIT_USAGE : EXIT_OK;
  },
};
