import packageJson from '../package.json' with { type: 'json' };
import { type CliIo, EXIT_OK, EXIT_USAGE } from './cli-io.js';
import { ACTIVITY_COMMANDS } from './commands/activity/activity-commands.js';
import { type Command, type CommandContext, failUsage } from './commands/command.js';
import { dreamCommand } from './commands/dream/dream-command.js';
import { LMX_GROUP } from './commands/lmx/lmx-commands.js';
import { formatGroupHelp, runCommand } from './commands/run-command.js';
import { SPEC_COMMANDS } from './commands/spec/spec-commands.js';
import { createPrinter } from './output/printer.js';

const TOP_HELP = `Usage: svc <group> <command> [options]
       svc dream "<topic>" [options]

The svc command line.

Groups:
  spec       Validate, diff, list, exemplify, document and build OpenAPI specs
  activity   Generate puzzle pages, print them as HTML, build PDF books

Commands:
  dream      Run the ideation pipeline on a server and print its outputs

Options:
  -h, --help       Show this help
  -v, --version    Print the version

Run 'svc spec --help' or 'svc activity --help' for a group's commands,
'svc dream --help' for the options of dream.`;

/** Commands with no group: `svc <command>`. */
const TOP_COMMANDS: readonly Command[] = [dreamCommand];

/** The command groups: `svc <group> <command>`. */
const GROUPS: Readonly<Record<string, { commands: readonly Command[]; help: string }>> = {
  spec: {
    commands: SPEC_COMMANDS,
    help: formatGroupHelp(
      'Usage: svc spec <command> [options]',
      'Work with OpenAPI 3.0 / 3.1 and Swagger 2.0 documents, JSON or YAML.\nAny file argument may be - to read stdin.',
      SPEC_COMMANDS,
      'svc spec',
    ),
  },
  activity: {
    commands: ACTIVITY_COMMANDS,
    help: formatGroupHelp(
      'Usage: svc activity <command> [options]',
      'Generate seeded puzzle pages, print them as HTML and build print-ready PDF books, offline.\nAny page file argument may be - to read stdin.',
      ACTIVITY_COMMANDS,
      'svc activity',
    ),
  },
  lmx: LMX_GROUP,
};

/**
 * Runs the svc command line with injected streams and returns the exit code (0 success,
 * 1 a failed check, 2 usage or I/O error). Never calls `process.exit`, so tests run it in-process.
 *
 * @example
 * ```ts
 * import { runCli } from '@svc/cli';
 *
 * const code = await runCli(['spec', 'validate', 'openapi.yaml', '--strict'], {
 *   stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd(),
 * });
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const context: CommandContext = {
    io,
    out: createPrinter(io.stdout, io.env),
    err: createPrinter(io.stderr, io.env),
    name: 'svc',
  };
  try {
    return await dispatch(argv, context);
  } catch (error) {
    // A bug, not bad input: say so plainly rather than print a stack trace at the user.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    context.err.line(`svc: internal error: ${detail}`);
    return EXIT_USAGE;
  }
}

async function dispatch(argv: readonly string[], context: CommandContext): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    context.err.line(TOP_HELP);
    return EXIT_USAGE;
  }
  if (first === '-h' || first === '--help') return printHelp(context, TOP_HELP);
  if (first === '-v' || first === '--version') {
    context.out.line(packageJson.version);
    return EXIT_OK;
  }
  const group = Object.hasOwn(GROUPS, first) ? GROUPS[first] : undefined;
  if (group) return dispatchGroup(first, group, rest, { ...context, name: `svc ${first}` });
  const command = TOP_COMMANDS.find((candidate) => candidate.name === first);
  if (command) return runCommand(command, rest, { ...context, name: `svc ${command.name}` });
  if (first.startsWith('-')) return failUsage(context, `unknown option '${first}'`);
  const names = [...Object.keys(GROUPS), ...TOP_COMMANDS.map((candidate) => candidate.name)].join(', ');
  return failUsage(context, `unknown command '${first}'. Groups and commands: ${names}`);
}

async function dispatchGroup(
  name: string,
  group: { commands: readonly Command[]; help: string },
  argv: readonly string[],
  context: CommandContext,
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    context.err.line(group.help);
    return EXIT_USAGE;
  }
  if (first === '-h' || first === '--help') return printHelp(context, group.help);
  const command = group.commands.find((candidate) => candidate.name === first);
  if (command) return runCommand(command, rest, { ...context, name: `svc ${name} ${command.name}` });
  if (first.startsWith('-')) return failUsage(context, `unknown option '${first}'`);
  const names = group.commands.map((candidate) => candidate.name).join(', ');
  return failUsage(context, `unknown command '${first}'. Commands: ${names}`);
}

function printHelp(context: CommandContext, text: string): number {
  context.out.line(text);
  return EXIT_OK;
}
