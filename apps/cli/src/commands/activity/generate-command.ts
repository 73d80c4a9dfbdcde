import { generatePage } from '@svc/activity-core';
import { EXIT_OK } from '../../cli-io.js';
import { writeOutput } from '../../input/read-input.js';
import { toJsonText } from '../../output/printer.js';
import { type Command, checkPositionals, failInput, failUsage } from '../command.js';
import { reportActivityError } from './activity-errors.js';

/**
 * `svc activity generate <kind> [--seed s] [--input json] [-o page.json]`.
 *
 * @example
 * await runCommand(generateCommand, ['sudoku', '--seed', '7', '-o', 'page.json'], context);
 */
export const generateCommand: Command = {
  name: 'generate',
  summary: 'Generate a puzzle page as JSON',
  help: `Usage: svc activity generate <kind> [--seed <seed>] [--input <json>] [-o page.json]

Generate one puzzle page. The same kind, input and seed give the same page on every machine.
Run 'svc activity kinds' for the kinds and their inputs.

Options:
  --seed <seed>         Seed text or number (a random seed is chosen and recorded when absent)
  --input <json>        Input object as JSON, e.g. '{"size":9,"difficulty":"easy"}'
  -o, --output <file>   Write the page JSON to a file instead of stdout
  -h, --help            Show this help

Exit codes: 0 generated, 2 usage error, unknown kind or invalid input.`,
  options: { seed: { type: 'string' }, input: { type: 'string' }, output: { type: 'string', short: 'o' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<kind>']);
    if (problem) return failUsage(context, problem);
    let input: Record<string, unknown> | undefined;
    if (typeof args.values.input === 'string') {
      try {
        input = JSON.parse(args.values.input) as Record<string, unknown>;
      } catch (error) {
        return failUsage(
          context,
          `--input is not JSON: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    let page: ReturnType<typeof generatePage>;
    try {
      page = generatePage({
        kind: args.positionals[0] as string,
        ...(input === undefined ? {} : { input }),
        ...(typeof args.values.seed === 'string' ? { seed: args.values.seed } : {}),
      });
    } catch (error) {
      return reportActivityError(error, context);
    }
    const output = typeof args.values.output === 'string' ? args.values.output : '-';
    const writeError = await writeOutput(output, toJsonText(page), context.io);
    if (writeError) return failInput(context, writeError);
    if (output !== '-')
      context.err.line(`${context.err.style.green('✓')} ${page.summary} (seed ${page.seed}) → ${output}`);
    return EXIT_OK;
  },
};
