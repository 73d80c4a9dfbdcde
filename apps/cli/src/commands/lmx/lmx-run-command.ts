import { createScriptRunner } from '@svc/lmx-interpreters';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { toJsonText } from '../../output/printer.js';
import { type Command, checkPositionals, failUsage, readArgument } from '../command.js';
import { formatScriptDiagnostic, pickMode } from './lmx-mode.js';

/**
 * `svc lmx run <file|-> --mode <id> [--input json] [--json]`: runs a script in the sandbox.
 *
 * @example
 * await runCommand(lmxRunCommand, ['fib.lmx'], context); // 0, 1 or 2
 */
export const lmxRunCommand: Command = {
  name: 'run',
  summary: 'Run a script in a sandboxed worker and print its output',
  help: `Usage: svc lmx run <file|-> [--mode <id>] [--input <json>] [--json]

Run a script in one of the lmx languages in a sandboxed, time-bounded worker thread.
The mode is --mode, or the file's extension when it is a mode id (fib.lmx).
Prints the script's output; a failure is printed on stderr as file:line:col  CODE  message, then the
source line with a caret under the place.
Modes that need a host bridge (lma, lmi, lmq, lmai) refuse here: run them on a server.

Options:
  --mode <id>       The language: lmx, lmy, lmm, lmc, lmz, lmn, lmg
  --input <json>    JSON data the script reads as input
  --json            Print the whole run result as JSON
  -h, --help        Show this help

Exit codes: 0 the script ran, 1 the script failed (syntax, runtime or limit error), 2 usage or I/O error.`,
  options: { mode: { type: 'string' }, input: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']);
    if (problem) return failUsage(context, problem);
    const file = args.positionals[0] as string;
    const mode = pickMode(args.values.mode, file, context);
    if (!mode) return EXIT_USAGE;
    let input: unknown = null;
    if (typeof args.values.input === 'string') {
      try {
        input = JSON.parse(args.values.input);
      } catch {
        return failUsage(context, '--input is not valid JSON');
      }
    }
    const source = await readArgument(file, context);
    if (!source) return EXIT_USAGE;
    const runner = createScriptRunner({ poolSize: 0, maxWorkers: 1 });
    try {
      const result = await runner.run({ mode, source: source.text, input });
      if (args.values.json === true) {
        context.out.raw(toJsonText(result));
      } else {
        for (const line of result.output) context.out.line(line);
        const problems = result.error ? (result.error.diagnostics ?? [result.error]) : [];
        for (const item of problems)
          context.err.line(formatScriptDiagnostic(source.label, item, context.err.style, source.text));
      }
      return result.ok ? EXIT_OK : EXIT_FAILURE;
    } finally {
      await runner.close();
    }
  },
};
