import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import { createScriptRunner } from '@svc/lmx-interpreters';
import { EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { type Command, failUsage } from '../command.js';
import { formatScriptDiagnostic, pickMode } from './lmx-mode.js';
import { nextReplStep } from './lmx-repl.js';

const REPL_HELP = `.help   this help
.reset  forget everything entered so far
.source print everything entered so far
.exit   leave (or Ctrl+D)`;

/**
 * `svc lmx repl --mode <id>`: an interactive session with line editing and history
 * (Node's readline). Each entry runs in the sandbox together with the entries before it,
 * and only the new output is shown; an entry that fails is forgotten.
 *
 * @example
 * await runCommand(lmxReplCommand, ['--mode', 'lmm'], context);
 */
export const lmxReplCommand: Command = {
  name: 'repl',
  summary: 'Interactive session in one mode, with line editing and history',
  help: `Usage: svc lmx repl --mode <id>

An interactive session in one lmx language, with line editing and history (up/down).
Each entry runs in the sandbox after the entries before it and prints only its own output;
an entry with an error is shown and forgotten. An open block (if … without end, an open
bracket) continues on the next line.

Commands inside the session:
${REPL_HELP.split('\n')
  .map((line) => `  ${line}`)
  .join('\n')}

Options:
  --mode <id>   The language: lmx, lmy, lmm, lmc, lmz, lmn, lmg
  -h, --help    Show this help`,
  options: { mode: { type: 'string' } },
  async run(args, context) {
    if (args.positionals.length > 0)
      return failUsage(context, `unexpected argument '${args.positionals[0]}'`);
    const mode = pickMode(args.values.mode, undefined, context);
    if (!mode) return EXIT_USAGE;
    const { io, out, err } = context;
    const terminal = io.stdout.isTTY === true;
    // The real terminal streams go to readline as they are, so raw mode (editing, history) works.
    const output =
      io.stdout instanceof Writable
        ? io.stdout
        : new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              io.stdout.write(chunk.toString());
              done();
            },
          });
    const lines = createInterface({
      input: io.stdin instanceof Readable ? io.stdin : Readable.from(io.stdin),
      output,
      terminal,
      historySize: 1000,
      prompt: `${mode}> `,
    });
    const runner = createScriptRunner({ poolSize: 1, maxWorkers: 1 });
    let history = '';
    let pending = '';
    let shown = 0;
    if (terminal) out.line(`${mode} session — .help for commands, .exit or Ctrl+D to leave`);
    lines.prompt();
    try {
      for await (const line of lines) {
        const command = pending === '' ? line.trim() : '';
        if (command === '.exit') break;
        if (command === '.help' || command === '.reset' || command === '.source') {
          if (command === '.help') out.line(REPL_HELP);
          if (command === '.reset') [history, shown] = ['', 0];
          if (command === '.source') out.raw(history);
          lines.prompt();
          continue;
        }
        pending += `${line}\n`;
        const step = nextReplStep(mode, history, pending);
        if (step.kind === 'more') {
          lines.setPrompt('... ');
          lines.prompt();
          continue;
        }
        lines.setPrompt(`${mode}> `);
        const result = await runner.run({ mode, source: step.source });
        for (const printed of result.output.slice(shown)) out.line(printed);
        if (result.ok) {
          history = step.source;
          shown = result.output.length;
        } else if (result.error) {
          const problems = result.error.diagnostics ?? [result.error];
          for (const item of problems)
            err.line(formatScriptDiagnostic('<repl>', item, err.style, step.source));
        }
        pending = '';
        lines.prompt();
      }
    } finally {
      lines.close();
      await runner.close();
    }
    return EXIT_OK;
  },
};
