import type { Command, CommandGroup } from '../command.js';
import { formatGroupHelp } from '../run-command.js';
import { buildCommand } from './build-command.js';
import { bundleCommand } from './bundle-command.js';
import { diffCommand } from './diff-command.js';
import { endpointsCommand } from './endpoints-command.js';
import { exampleCommand } from './example-command.js';
import { markdownCommand } from './markdown-command.js';
import { validateCommand } from './validate-command.js';

/**
 * The `svc spec` subcommands, in the order the help lists them.
 *
 * @example
 * SPEC_COMMANDS.find((command) => command.name === 'validate');
 */
export const SPEC_COMMANDS: readonly Command[] = [
  validateCommand,
  diffCommand,
  endpointsCommand,
  exampleCommand,
  markdownCommand,
  bundleCommand,
  buildCommand,
];

/**
 * `svc spec`: loaded only when the first argument is `spec`.
 *
 * @example
 * SPEC_GROUP.help.startsWith('Usage: svc spec'); // true
 */
export const SPEC_GROUP: CommandGroup = {
  commands: SPEC_COMMANDS,
  help: formatGroupHelp(
    'Usage: svc spec <command> [options]',
    'Work with OpenAPI 3.0 / 3.1 / 3.2 and Swagger 2.0 documents, JSON or YAML.\nAny file argument may be - to read stdin.',
    SPEC_COMMANDS,
    'svc spec',
  ),
};
