import type { Command, CommandGroup } from '../command.js';
import { formatGroupHelp } from '../run-command.js';
import { bookCommand } from './book-command.js';
import { generateCommand } from './generate-command.js';
import { kindsCommand } from './kinds-command.js';
import { printCommand } from './print-command.js';

/**
 * The `svc activity` subcommands, in the order the help lists them.
 *
 * @example
 * ACTIVITY_COMMANDS.find((command) => command.name === 'generate');
 */
export const ACTIVITY_COMMANDS: readonly Command[] = [
  kindsCommand,
  generateCommand,
  printCommand,
  bookCommand,
];

/**
 * `svc activity`: loaded only when the first argument is `activity` (it brings the PDF stack).
 *
 * @example
 * ACTIVITY_GROUP.commands.length; // 4
 */
export const ACTIVITY_GROUP: CommandGroup = {
  commands: ACTIVITY_COMMANDS,
  help: formatGroupHelp(
    'Usage: svc activity <command> [options]',
    'Generate seeded puzzle pages, print them as HTML and build print-ready PDF books, offline.\nAny page file argument may be - to read stdin.',
    ACTIVITY_COMMANDS,
    'svc activity',
  ),
};
