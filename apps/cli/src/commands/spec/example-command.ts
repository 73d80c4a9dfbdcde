import { type ExampleRequestArgs, exampleRequest } from '@svc/spec-toolkit';
import { EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { formatDiagnostic } from '../../output/diagnostic-line.js';
import { toJsonText } from '../../output/printer.js';
import { type Command, checkPositionals, failUsage, type ParsedArgs, reportToolErrors } from '../command.js';
import { readSpecArgument } from './read-spec-argument.js';

/**
 * `svc spec example <file|-> (--operation-id X | --method M --path P) [--base-url U] [--json]`.
 *
 * @example
 * await runCommand(exampleCommand, ['api.yaml', '--operation-id', 'getPet'], context);
 */
export const exampleCommand: Command = {
  name: 'example',
  summary: 'Print a runnable curl command for one operation',
  help: `Usage: svc spec example <file|-> (--operation-id <id> | --method <m> --path <p>) [--base-url <url>] [--json]

Print a runnable curl command for one operation, with parameters and a JSON body sampled
from the spec's examples, defaults and schemas. Credentials appear as $TOKEN, $API_KEY, ...

Options:
  --operation-id <id>   Pick the operation by operationId
  --method <method>     Pick it by method (any case) ...
  --path <path>         ... and path: as in the spec (/pets/{petId}) or concrete (/pets/42)
  --base-url <url>      Call this base URL instead of the spec's first server
  --json                Print the exampleRequest result as JSON (curl, url, headers, body)
  -h, --help            Show this help

Exit codes: 0 printed, 2 usage or I/O error, unknown operation, or a spec that cannot be parsed.`,
  options: {
    'operation-id': { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    'base-url': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']) ?? checkSelection(args);
    if (problem) return failUsage(context, problem);
    const input = await readSpecArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    const request: ExampleRequestArgs = { spec: input.spec };
    const { values } = args;
    if (typeof values['operation-id'] === 'string') request.operationId = values['operation-id'];
    if (typeof values.method === 'string') request.method = values.method;
    if (typeof values.path === 'string') request.path = values.path;
    if (typeof values['base-url'] === 'string') request.options = { baseUrl: values['base-url'] };
    const result = exampleRequest(request);
    if (result.curl === '') {
      for (const error of result.errors) {
        context.err.line(formatDiagnostic(input.label, error, 'error', context.err.style));
      }
      return EXIT_USAGE;
    }
    if (values.json === true) context.out.raw(toJsonText(result));
    else context.out.line(result.curl);
    return reportToolErrors(input.label, result.errors, context) ? EXIT_USAGE : EXIT_OK;
  },
};

function checkSelection(args: ParsedArgs): string | undefined {
  const { values } = args;
  const byId = typeof values['operation-id'] === 'string';
  const byMethod = typeof values.method === 'string';
  const byPath = typeof values.path === 'string';
  if (byId && (byMethod || byPath)) return 'give either --operation-id or --method with --path, not both';
  if (byId) return undefined;
  if (byMethod && byPath) return undefined;
  if (byMethod) return '--method needs --path';
  if (byPath) return '--path needs --method';
  return 'choose the operation with --operation-id <id>, or --method <m> --path <p>';
}
