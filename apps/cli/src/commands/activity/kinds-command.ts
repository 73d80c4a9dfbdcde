import { listKinds } from '@svc/activity-core';
import { EXIT_OK } from '../../cli-io.js';
import { toJsonText } from '../../output/printer.js';
import { formatTable } from '../../output/table.js';
import { type Command, checkPositionals, failUsage } from '../command.js';

/**
 * `svc activity kinds [--json]`: every puzzle kind with its inputs.
 *
 * @example
 * await runCommand(kindsCommand, ['--json'], context);
 */
export const kindsCommand: Command = {
  name: 'kinds',
  summary: 'List the puzzle kinds and their inputs',
  help: `Usage: svc activity kinds [--json]

List every puzzle kind, whether it needs an account on the server, and its inputs with
types, defaults and bounds.

Options:
  --json       Print the full list as JSON
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, []);
    if (problem) return failUsage(context, problem);
    const kinds = listKinds();
    if (args.values.json) {
      context.out.raw(toJsonText(kinds));
      return EXIT_OK;
    }
    const rows = kinds.map((kind) => [
      kind.kind,
      kind.requiresAccount ? 'account' : 'open',
      kind.inputs
        .map((input) =>
          input.default === undefined ? input.name : `${input.name}=${JSON.stringify(input.default)}`,
        )
        .join(' '),
    ]);
    for (const line of formatTable([['KIND', 'ACCESS', 'INPUTS (defaults)'], ...rows]))
      context.out.line(line);
    return EXIT_OK;
  },
};
