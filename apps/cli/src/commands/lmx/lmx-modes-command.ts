import { describeLanguages } from '@svc/lmx-interpreters';
import { EXIT_OK } from '../../cli-io.js';
import { toJsonText } from '../../output/printer.js';
import type { Command } from '../command.js';

/**
 * `svc lmx modes [--json]`: the sixteen modes and whether each runs here.
 *
 * @example
 * await runCommand(lmxModesCommand, [], context); // 0
 */
export const lmxModesCommand: Command = {
  name: 'modes',
  summary: 'List the sixteen modes and whether each runs on the command line',
  help: `Usage: svc lmx modes [--json]

List the sixteen lmx modes with their purpose, and why a mode cannot run here.

Options:
  --json        Print the list as JSON
  -h, --help    Show this help`,
  options: { json: { type: 'boolean' } },
  async run(args, context) {
    const modes = describeLanguages();
    if (args.values.json === true) {
      context.out.raw(toJsonText(modes));
      return EXIT_OK;
    }
    const { out } = context;
    for (const mode of modes) {
      const state = mode.available ? out.style.green('ready') : out.style.dim(mode.reason ?? 'not available');
      out.line(`${mode.id.padEnd(6)} ${mode.title.padEnd(14)} ${state}`);
    }
    return EXIT_OK;
  },
};
