import { isDreamClientError, SseHttpError, streamDream } from '@svc/dreamer-core/client';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { toJsonText } from '../../output/printer.js';
import type { CommandContext } from '../command.js';
import type { DreamRequest } from './dream-options.js';
import { formatProgress, toRunMarkdown } from './dream-report.js';
import { watchInterrupt } from './watch-interrupt.js';

/** Exit code after Ctrl-C, as shells report a process ended by SIGINT (128 + 2). */
export const EXIT_INTERRUPTED = 130;

/**
 * Streams one run from the server: progress on stderr, then the outputs on stdout (Markdown,
 * or the `RunResult` JSON with `--json`). Ctrl-C disconnects, which makes the server abort
 * the run. Returns the exit code.
 *
 * @example
 * const code = await runDream({ baseUrl, apiKey, args: { topic: 'bees' }, json: false, color: true }, context);
 */
export async function runDream(request: DreamRequest, context: CommandContext): Promise<number> {
  const controller = new AbortController();
  const stopWatching = watchInterrupt(() => controller.abort());
  let runId: string | undefined;
  try {
    const events = streamDream({
      baseUrl: request.baseUrl,
      args: request.args,
      headers: request.apiKey === undefined ? {} : { authorization: `Bearer ${request.apiKey}` },
      signal: controller.signal,
    });
    for await (const event of events) {
      runId = event.runId;
      const line = formatProgress(event, context.err.style);
      if (line !== undefined) context.err.line(line);
      if (event.type === 'done') {
        context.out.raw(request.json ? toJsonText(event.result) : toRunMarkdown(event.result));
        return EXIT_OK;
      }
      if (event.type === 'error') {
        context.err.line(`${context.name}: run ${event.runId} failed with ${event.code}: ${event.message}`);
        printResumeHint(event.runId, context);
        return EXIT_FAILURE;
      }
    }
    return EXIT_FAILURE; // not reached: the stream throws when it ends before `done` or `error`
  } catch (error) {
    if (controller.signal.aborted) return reportInterrupt(runId, context);
    return reportFailure(error, { runId, baseUrl: request.baseUrl }, context);
  } finally {
    stopWatching();
  }
}

function reportInterrupt(runId: string | undefined, context: CommandContext): number {
  if (runId === undefined) {
    context.err.line(`${context.name}: interrupted before the run started`);
  } else {
    context.err.line(`${context.name}: interrupted; the server marks run ${runId} aborted`);
    printResumeHint(runId, context);
  }
  return EXIT_INTERRUPTED;
}

function reportFailure(
  error: unknown,
  where: { runId: string | undefined; baseUrl: string },
  context: CommandContext,
): number {
  const { red } = context.err.style;
  if (error instanceof SseHttpError) {
    const refusal = error.body?.error;
    const text = refusal ? `${refusal.code}: ${refusal.message}` : error.message;
    context.err.line(`${context.name}: ${red(`the server refused the run (HTTP ${error.status}) ${text}`)}`);
    for (const detail of readProblemDetails(refusal?.details)) context.err.line(`  ${detail}`);
    if (error.status === 401)
      context.err.line('Set SVC_API_KEY (or pass --api-key) to a key of your account.');
    return error.status === 400 ? EXIT_USAGE : EXIT_FAILURE;
  }
  if (isDreamClientError(error)) {
    context.err.line(`${context.name}: ${red(`${error.code}: ${error.message}`)}`);
    if (where.runId !== undefined) printResumeHint(where.runId, context);
    return EXIT_FAILURE;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    const reason = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? error.message);
    context.err.line(`${context.name}: ${red(`cannot reach ${where.baseUrl}: ${reason}`)}`);
    if (where.runId !== undefined) printResumeHint(where.runId, context);
    return EXIT_USAGE;
  }
  throw error;
}

/** Validation details as `path  message` lines, when the server sent them in that shape. */
function readProblemDetails(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { path, message, code } = detail as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    return [[path, code, message].filter((part) => typeof part === 'string' && part !== '').join('  ')];
  });
}

function printResumeHint(runId: string, context: CommandContext): void {
  context.err.line(`Resume with: svc dream --resume ${runId}`);
}
