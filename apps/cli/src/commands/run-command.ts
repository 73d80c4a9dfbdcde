import { EXIT_OK } from '../cli-io.js';
import type { Command, CommandContext } from './command.js';
import { failUsage } from './command.js';
import { parseCommandArgs } from './parse-command.js';

/**
 * Parses a leaf command's arguments, answers `--help`, else runs it.
 *
 * @example
 * await runCommand(validateCommand, ['api.yaml', '--strict'], context);
 */
export async function runCommand(
  command: Command,
  argv: readonly string[],
  context: CommandContext,
): Promise<number> {
  const parsed = parseCommandArgs(argv, command.options);
  if (!parsed.ok) return failUsage(context, parsed.message);
  if (parsed.help) {
    context.out.line(command.help);
    return EXIT_OK;
  }
  return command.run(parsed.args, context);
}

/**
 * The help of a command group: usage, one line per subcommand, and where to look next.
 *
 * @example
 * formatGroupHelp('Usage: svc spec <command>', 'Spec tools.', SPEC_COMMANDS, 'svc spec');
 */
export function formatGroupHelp(
  usage: string,
  description: string,
  commands: readonly Command[],
  prefix: string,
): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `${usage}

${description}

Commands:
${lines.join('\n')}

Run '${prefix} <command> --help' for the options of a command.`;
}
