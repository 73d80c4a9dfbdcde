import { printPage, TRIMS } from '@svc/activity-core';
import { EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { writeOutput } from '../../input/read-input.js';
import { type Command, checkPositionals, failInput, failUsage, readArgument } from '../command.js';
import { parsePage, reportActivityError } from './activity-errors.js';

const TRIM_NAMES = Object.keys(TRIMS).join(', ');

/**
 * `svc activity print <page.json|-> --trim Letter [--key] [--large-print] [--watermark t] [-o page.html]`.
 *
 * @example
 * await runCommand(printCommand, ['page.json', '--trim', 'A4', '--key', '-o', 'key.html'], context);
 */
export const printCommand: Command = {
  name: 'print',
  summary: 'Print a page as a standalone HTML document',
  help: `Usage: svc activity print <page.json|-> --trim <trim> [--key] [--large-print] [--watermark <text>] [-o page.html]

Render a generated page as a standalone, printable HTML document (inline CSS and vector SVG,
no external assets) sized for the trim with CSS @page.

Options:
  --trim <trim>          Paper size: ${TRIM_NAMES} (default Letter)
  --key                  Print the solution instead of the puzzle
  --large-print          Grid text at least 18 pt
  --watermark <text>     Print a visible watermark on the page
  -o, --output <file>    Write the HTML to a file instead of stdout
  -h, --help             Show this help

Exit codes: 0 printed, 1 the page is not valid, 2 usage or I/O error.`,
  options: {
    trim: { type: 'string' },
    key: { type: 'boolean' },
    'large-print': { type: 'boolean' },
    watermark: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
  async run(args, context) {
    const problem = checkPositionals(args, ['<page.json>']);
    if (problem) return failUsage(context, problem);
    const input = await readArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    const page = parsePage(input.text);
    if (typeof page === 'string') return failInput(context, `${input.label}: ${page}`);
    let html: string;
    try {
      html = printPage({
        kind: page.kind,
        doc: page.doc,
        trim: (typeof args.values.trim === 'string' ? args.values.trim : 'Letter') as keyof typeof TRIMS,
        key: args.values.key === true,
        largePrint: args.values['large-print'] === true,
        ...(typeof args.values.watermark === 'string' ? { watermark: args.values.watermark } : {}),
      }).html;
    } catch (error) {
      return reportActivityError(error, context, input.label);
    }
    const output = typeof args.values.output === 'string' ? args.values.output : '-';
    const writeError = await writeOutput(output, html, context.io);
    if (writeError) return failInput(context, writeError);
    if (output !== '-') context.err.line(`${context.err.style.green('✓')} wrote ${output}`);
    return EXIT_OK;
  },
};
