import type { Command } from '../command.js';
import { docsBuildCommand } from './build-command.js';

/**
 * The `svc docs` subcommands.
 *
 * @example
 * DOCS_COMMANDS.find((command) => command.name === 'build');
 */
export const DOCS_COMMANDS: readonly Command[] = [docsBuildCommand];
