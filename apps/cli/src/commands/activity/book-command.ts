import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildBookPdf, TRIMS } from '@svc/activity-core';
import { EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { pluralize } from '../../output/printer.js';
import { type Command, failInput, failUsage, readArgument } from '../command.js';
import { parsePage, reportActivityError } from './activity-errors.js';
import { createProgressBar } from './progress-bar.js';

const TRIM_NAMES = Object.keys(TRIMS).join(', ');

/**
 * `svc activity book <page.json…> --title T --trim 8.5x11 -o book.pdf`.
 *
 * @example
 * await runCommand(bookCommand, ['p1.json', 'p2.json', '--title', 'Puzzles', '-o', 'book.pdf'], context);
 */
export const bookCommand: Command = {
  name: 'book',
  summary: 'Build a PDF book from page files',
  help: `Usage: svc activity book <page.json>... --title <title> [--trim <trim>] [--bleed] [--large-print]
                         [--no-keys] [--watermark <text>] -o book.pdf

Build a print-ready PDF: a title page, one puzzle per page with its number and difficulty, and
the answer keys at the back numbered to match. Vector grids, embedded fonts. A progress bar is
shown on a terminal.

Options:
  --title <title>        Book title (required)
  --subtitle <text>      Subtitle on the title page
  --author <name>        Author on the title page
  --trim <trim>          Trim size: ${TRIM_NAMES} (default 8.5x11)
  --bleed                Add print-on-demand bleed (0.125 in)
  --large-print          Grid text at least 18 pt
  --no-keys              Leave out the answer keys
  --watermark <text>     Print a visible watermark on every page
  -o, --output <file>    Where to write the PDF (required)
  -h, --help             Show this help

Exit codes: 0 written, 1 a page is not valid, 2 usage or I/O error.`,
  options: {
    title: { type: 'string' },
    subtitle: { type: 'string' },
    author: { type: 'string' },
    trim: { type: 'string' },
    bleed: { type: 'boolean' },
    'large-print': { type: 'boolean' },
    'no-keys': { type: 'boolean' },
    watermark: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
  async run(args, context) {
    if (args.positionals.length === 0) return failUsage(context, 'missing <page.json>');
    if (typeof args.values.title !== 'string' || args.values.title.trim() === '')
      return failUsage(context, 'missing --title');
    if (typeof args.values.output !== 'string' || args.values.output === '-')
      return failUsage(context, 'missing -o <book.pdf>');
    if (args.positionals.filter((file) => file === '-').length > 1)
      return failUsage(context, 'stdin (-) can be read only once');
    const pages: { kind: string; doc: Record<string, unknown> }[] = [];
    for (const file of args.positionals) {
      const input = await readArgument(file, context);
      if (!input) return EXIT_USAGE;
      const page = parsePage(input.text);
      if (typeof page === 'string') return failInput(context, `${input.label}: ${page}`);
      pages.push(page);
    }
    const bar = createProgressBar(context.io.stderr, 'pages');
    // The book's page count is what onProgress reports as its total (title page, puzzles, keys
    // and the blank pages that keep them recto), not the number of page files given.
    let pageCount = 0;
    let bytes: Uint8Array;
    try {
      bytes = await buildBookPdf({
        title: args.values.title,
        ...(typeof args.values.subtitle === 'string' ? { subtitle: args.values.subtitle } : {}),
        ...(typeof args.values.author === 'string' ? { author: args.values.author } : {}),
        trim: (typeof args.values.trim === 'string' ? args.values.trim : '8.5x11') as keyof typeof TRIMS,
        pages,
        options: {
          bleed: args.values.bleed === true,
          largePrint: args.values['large-print'] === true,
          includeKeys: args.values['no-keys'] !== true,
          ...(typeof args.values.watermark === 'string' ? { watermark: args.values.watermark } : {}),
        },
        onProgress: (done, total) => {
          pageCount = total;
          bar.update(done, total);
        },
      });
    } catch (error) {
      bar.done();
      return reportActivityError(error, context);
    }
    bar.done();
    try {
      await writeFile(resolve(context.io.cwd, args.values.output), bytes);
    } catch (error) {
      return failInput(
        context,
        `cannot write ${args.values.output}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    context.err.line(
      `${context.err.style.green('✓')} wrote ${args.values.output} (${pluralize(pageCount, 'page')}: ${pluralize(pages.length, 'puzzle')}, ${bytes.length} bytes)`,
    );
    return EXIT_OK;
  },
};
