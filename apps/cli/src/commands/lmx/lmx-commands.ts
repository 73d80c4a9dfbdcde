import type { Command } from '../command.js';
import { formatGroupHelp } from '../run-command.js';
import { lmxCheckCommand } from './lmx-check-command.js';
import { lmxModesCommand } from './lmx-modes-command.js';
import { lmxReplCommand } from './lmx-repl-command.js';
import { lmxRunCommand } from './lmx-run-command.js';

/**
 * The `svc lmx` subcommands, in the order the help lists them.
 *
 * @example
 * LMX_COMMANDS.find((command) => command.name === 'run');
 */
export const LMX_COMMANDS: readonly Command[] = [
  lmxRunCommand,
  lmxCheckCommand,
  lmxReplCommand,
  lmxModesCommand,
];

/**
 * The `svc lmx` group as the dispatcher registers it.
 *
 * @example
 * GROUPS.lmx = LMX_GROUP;
 */
export const LMX_GROUP: { commands: readonly Command[]; help: string } = {
  commands: LMX_COMMANDS,
  help: formatGroupHelp(
    'Usage: svc lmx <command> [options]',
    'Run and check scripts in the lmx languages, offline, in a sandboxed worker.\nAny file argument may be - to read stdin. Bridge modes (lma, lmi, lmq, lmai) run only on a server.',
    LMX_COMMANDS,
    'svc lmx',
  ),
};
