import { checkScript } from '@svc/lmx-interpreters';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { pluralize, toJsonText } from '../../output/printer.js';
import { type Command, checkPositionals, failUsage, readArgument } from '../command.js';
import { formatScriptDiagnostic, pickMode } from './lmx-mode.js';

/**
 * `svc lmx check <file|-> [--mode <id>] [--json]`: reports every syntax error and unknown
 * name without running the script.
 *
 * @example
 * await runCommand(lmxCheckCommand, ['fib.lmx'], context); // 0, 1 or 2
 */
export const lmxCheckCommand: Command = {
  name: 'check',
  summary: 'Check a script without running it: every syntax error and unknown name',
  help: `Usage: svc lmx check <file|-> [--mode <id>] [--json]

Check a script without running it. Prints each problem (file:line:col  CODE  message,
then the source line with a caret under the place) and a summary line.
The mode is --mode, or the file's extension when it is a mode id (fib.lmx).

Options:
  --mode <id>   The language: lmx, lmy, lmm, lmc, lmz, lmn, lmg
  --json        Print { ok, diagnostics } as JSON
  -h, --help    Show this help

Exit codes: 0 no problems, 1 problems found, 2 usage or I/O error.`,
  options: { mode: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']);
    if (problem) return failUsage(context, problem);
    const file = args.positionals[0] as string;
    const mode = pickMode(args.values.mode, file, context);
    if (!mode) return EXIT_USAGE;
    const source = await readArgument(file, context);
    if (!source) return EXIT_USAGE;
    const result = checkScript({ mode, source: source.text });
    if (args.values.json === true) {
      context.out.raw(toJsonText(result));
      return result.ok ? EXIT_OK : EXIT_FAILURE;
    }
    const { out } = context;
    for (const item of result.diagnostics)
      out.line(formatScriptDiagnostic(source.label, item, out.style, source.text));
    if (result.ok) out.line(`${out.style.green('✓')} ${source.label} is valid ${mode}`);
    else
      out.line(`${out.style.red('✗')} ${source.label}: ${pluralize(result.diagnostics.length, 'problem')}`);
    return result.ok ? EXIT_OK : EXIT_FAILURE;
  },
};
