import type { Command, CommandGroup } from '../command.js';
import { formatGroupHelp } from '../run-command.js';
import { docsBuildCommand } from './build-command.js';

/**
 * The `svc docs` subcommands.
 *
 * @example
 * DOCS_COMMANDS.find((command) => command.name === 'build');
 */
export const DOCS_COMMANDS: readonly Command[] = [docsBuildCommand];

/**
 * The `svc docs` group, loaded only when `svc docs` runs.
 *
 * @example
 * DOCS_GROUP.help.startsWith('Usage: svc docs'); // true
 */
export const DOCS_GROUP: CommandGroup = {
  commands: DOCS_COMMANDS,
  help: formatGroupHelp(
    'Usage: svc docs <command> [options]',
    'Build the static reference site (JSON indexes, llms.txt, a page per doc and per package API).',
    DOCS_COMMANDS,
    'svc docs',
  ),
};
