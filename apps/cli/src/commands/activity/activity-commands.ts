import type { Command } from '../command.js';
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
