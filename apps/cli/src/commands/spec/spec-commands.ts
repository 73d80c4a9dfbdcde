import type { Command } from '../command.js';
import { buildCommand } from './build-command.js';
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
  buildCommand,
];
