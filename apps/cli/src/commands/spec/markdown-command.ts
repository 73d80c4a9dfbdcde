import { toMarkdown } from '@svc/spec-toolkit';
import { EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { writeOutput } from '../../input/read-input.js';
import { type Command, checkPositionals, failInput, failUsage, reportToolErrors } from '../command.js';
import { readSpecArgument } from './read-spec-argument.js';

/**
 * `svc spec markdown <file|-> [-o out.md]`.
 *
 * @example
 * await runCommand(markdownCommand, ['api.yaml', '-o', 'api.md'], context);
 */
export const markdownCommand: Command = {
  name: 'markdown',
  summary: 'Render a Markdown API reference grouped by tag',
  help: `Usage: svc spec markdown <file|-> [-o out.md]

Render a Markdown API reference of a spec, grouped by tag, with parameters, bodies,
responses and example requests. Offline: no model is called.

Options:
  -o, --output <file>   Write the Markdown to a file instead of stdout
  -h, --help            Show this help

Exit codes: 0 rendered, 2 usage or I/O error, or a spec that cannot be parsed.`,
  options: { output: { type: 'string', short: 'o' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']);
    if (problem) return failUsage(context, problem);
    const input = await readSpecArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    const result = await toMarkdown({ spec: input.spec });
    if (reportToolErrors(input.label, result.errors, context)) return EXIT_USAGE;
    const output = typeof args.values.output === 'string' ? args.values.output : '-';
    const text = result.markdown.endsWith('\n') ? result.markdown : `${result.markdown}\n`;
    const writeError = await writeOutput(output, text, context.io);
    if (writeError) return failInput(context, writeError);
    if (output !== '-') context.out.line(`${context.out.style.green('✓')} wrote ${output}`);
    return EXIT_OK;
  },
};
