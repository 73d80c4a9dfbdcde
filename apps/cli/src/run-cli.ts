import packageJson from '../package.json' with { type: 'json' };
import { type CliIo, EXIT_OK, EXIT_USAGE } from './cli-io.js';
import { type Command, type CommandContext, type CommandGroup, failUsage } from './commands/command.js';
import { runCommand } from './commands/run-command.js';
import { findMissingDependency } from './optional-dependency.js';
import { createPrinter } from './output/printer.js';

const TOP_HELP = `Usage: svc <group> <command> [options]
       svc dream "<topic>" [options]

The svc command line.

Groups:
  spec       Validate, diff, list, exemplify, document and build OpenAPI specs
  activity   Generate puzzle pages, print them as HTML, build PDF books
  docs       Build the static reference site of a docs folder
  lmx        Run and check scripts in the sixteen small languages, offline

Commands:
  dream      Run the ideation pipeline on a server and print its outputs
  backup     Download a consistent copy of a running server's SQLite database
  mcp        Serve the docs tools over MCP stdio for local agents

Options:
  -h, --help       Show this help
  -v, --version    Print the version

Run 'svc <group> --help' (spec, activity, docs, lmx) for a group's commands,
'svc dream --help' or 'svc backup --help' for the options of a command.`;

/**
 * The command groups, `svc <group> <command>`: one line each, name → lazy import, so a run
 * loads only its own group (`svc spec` never loads the PDF stack of `svc activity`).
 */
const GROUPS: Readonly<Record<string, () => Promise<CommandGroup>>> = {
  spec: async () => (await import('./commands/spec/spec-commands.js')).SPEC_GROUP,
  activity: async () => (await import('./commands/activity/activity-commands.js')).ACTIVITY_GROUP,
  docs: async () => (await import('./commands/docs/docs-commands.js')).DOCS_GROUP,
  lmx: async () => (await import('./commands/lmx/lmx-commands.js')).LMX_GROUP,
};

/** Commands with no group, `svc <command>`: name → lazy import. */
const TOP_COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  dream: async () => (await import('./commands/dream/dream-command.js')).dreamCommand,
  backup: async () => (await import('./commands/backup/backup-command.js')).backupCommand,
  mcp: async () => (await import('./commands/mcp/mcp-command.js')).mcpCommand,
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
    // A heavy feature whose optional package is not installed: say which one, exit 2 (the
    // step is misconfigured, as with a usage error).
    const missing = findMissingDependency(error);
    if (missing) {
      context.err.line(`${commandName(argv)}: ${missing.message}`);
      return EXIT_USAGE;
    }
    // A bug, not bad input: say so plainly rather than print a stack trace at the user.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    context.err.line(`svc: internal error: ${detail}`);
    return EXIT_USAGE;
  }
}

/** `svc activity book` for `['activity', 'book', 'pages.json']`, `svc mcp` for `['mcp', '--site', 'x']`. */
function commandName(argv: readonly string[]): string {
  const [first = '', second = ''] = argv;
  return Object.hasOwn(GROUPS, first) ? `svc ${first} ${second}` : `svc ${first}`;
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
  const loadGroup = Object.hasOwn(GROUPS, first) ? GROUPS[first] : undefined;
  if (loadGroup) return dispatchGroup(first, await loadGroup(), rest, { ...context, name: `svc ${first}` });
  const loadCommand = Object.hasOwn(TOP_COMMANDS, first) ? TOP_COMMANDS[first] : undefined;
  if (loadCommand) return runCommand(await loadCommand(), rest, { ...context, name: `svc ${first}` });
  if (first.startsWith('-')) return failUsage(context, `unknown option '${first}'`);
  const names = [...Object.keys(GROUPS), ...Object.keys(TOP_COMMANDS)].join(', ');
  return failUsage(context, `unknown command '${first}'. Groups and commands: ${names}`);
}

async function dispatchGroup(
  name: string,
  group: CommandGroup,
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
