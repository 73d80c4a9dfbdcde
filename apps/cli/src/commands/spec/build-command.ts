import { type BuildSpecArgs, buildSpec } from '@svc/spec-toolkit';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { writeOutput } from '../../input/read-input.js';
import { formatDiagnostic } from '../../output/diagnostic-line.js';
import { type Command, checkPositionals, failInput, failUsage, readArgument } from '../command.js';

/**
 * `svc spec build <endpoints.json|-> [-o spec.json]`.
 *
 * @example
 * await runCommand(buildCommand, ['endpoints.json', '-o', 'openapi.json'], context);
 */
export const buildCommand: Command = {
  name: 'build',
  summary: 'Build an OpenAPI 3 document from endpoint sketches',
  help: `Usage: svc spec build <endpoints.json|-> [-o spec.json]

Build a minimal valid OpenAPI 3 document from a JSON file holding either an array of
endpoints or { "endpoints": [...], "info": {...}, "options": { "version": "3.1.0" } }.
Each endpoint is { method, path, summary?, tags?, body?, responses? }; path parameters
(/pets/{id} or /pets/:id) and JSON schemas of sample bodies are inferred.

Options:
  -o, --output <file>   Write the document to a file instead of stdout
  -h, --help            Show this help

Problems in the endpoints are printed on stderr; the good endpoints are still built.
Exit codes: 0 built, 1 built but some endpoints had problems, 2 usage or I/O error or invalid JSON.`,
  options: { output: { type: 'string', short: 'o' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<endpoints.json>']);
    if (problem) return failUsage(context, problem);
    const input = await readArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failInput(context, `${input.label} is not valid JSON: ${reason}`);
    }
    const result = buildSpec(toBuildArgs(parsed));
    const output = typeof args.values.output === 'string' ? args.values.output : '-';
    const writeError = await writeOutput(output, result.json, context.io);
    if (writeError) return failInput(context, writeError);
    for (const error of result.errors) {
      context.err.line(formatDiagnostic(input.label, error, 'error', context.err.style));
    }
    if (output !== '-') {
      const count = Object.keys(result.spec.paths as object).length;
      context.out.line(
        `${context.out.style.green('✓')} wrote ${output} (${count} path${count === 1 ? '' : 's'})`,
      );
    }
    return result.errors.length > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};

/** A bare array is the endpoint list; an object passes endpoints, info and options through. */
function toBuildArgs(parsed: unknown): BuildSpecArgs {
  if (Array.isArray(parsed)) return { endpoints: parsed };
  if (typeof parsed === 'object' && parsed !== null) return parsed as BuildSpecArgs;
  return { endpoints: parsed };
}
