import { createPrinter } from '../../output/printer.js';
import { type Command, failInput, failUsage } from '../command.js';
import { DEFAULT_SERVER_URL, readDreamOptions } from './dream-options.js';
import { runDream } from './run-dream.js';

/**
 * `svc dream "<topic>" [options]`: runs the ideation pipeline on an svc server and prints
 * its outputs.
 *
 * @example
 * await runCommand(dreamCommand, ['tools for beekeepers', '--mode', 'wild'], context);
 */
export const dreamCommand: Command = {
  name: 'dream',
  summary: 'Run the ideation pipeline on a server and print its outputs',
  help: `Usage: svc dream "<topic>" [options]
       svc dream --resume <runId> [options]

Run the ideation pipeline (idea, expansion, feasibility, selection, scaffold, notes) on an
svc server. Progress goes to stderr as stages start and finish; the outputs go to stdout as
Markdown, one '## <stage>' section per stage. Ctrl-C stops the run; the server keeps what
is done so far, and --resume continues it.

Options:
  --server <url>              Server to run on (default $SVC_SERVER_URL, else ${DEFAULT_SERVER_URL})
  --api-key <key>             API key (default $SVC_API_KEY; prefer the variable: arguments
                              are visible to other users in 'ps')
  --mode <mode>               standard or wild
  --depth <depth>             standard or deep
  --provider <name>           Model provider for every stage
  --model <name>              Model for every stage
  --stage-model <k=p/m>       Provider/model for one stage, e.g. idea=openai/gpt-4o (repeatable)
  --pipeline <file.json>      A custom pipeline definition (- reads stdin)
  --input <name=value>        A value for a pipeline input (repeatable)
  --resume <runId>            Continue a failed or aborted run after its last finished stage
  --json                      Print the final RunResult as JSON instead of Markdown
  --no-color                  No colour, even on a terminal
  -h, --help                  Show this help

Exit codes: 0 done, 1 the run failed or the server refused it, 2 usage error, unreadable
pipeline file, arguments the server rejected (HTTP 400) or server unreachable, 130 interrupted.`,
  options: {
    server: { type: 'string' },
    'api-key': { type: 'string' },
    mode: { type: 'string' },
    depth: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    'stage-model': { type: 'string', multiple: true },
    pipeline: { type: 'string' },
    input: { type: 'string', multiple: true },
    resume: { type: 'string' },
    json: { type: 'boolean' },
    'no-color': { type: 'boolean' },
  },
  async run(args, context) {
    const outcome = await readDreamOptions(args, context.io);
    if (!outcome.ok)
      return outcome.usage ? failUsage(context, outcome.message) : failInput(context, outcome.message);
    const { request } = outcome;
    if (request.color) return runDream(request, context);
    const plain = { ...context.io.env, FORCE_COLOR: '0' };
    return runDream(request, {
      ...context,
      out: createPrinter(context.io.stdout, plain),
      err: createPrinter(context.io.stderr, plain),
    });
  },
};
