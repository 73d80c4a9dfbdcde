import { bundleSpec } from '@svc/spec-toolkit';
import { dump as dumpYaml } from 'js-yaml';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../cli-io.js';
import { writeOutput } from '../../input/read-input.js';
import { formatDiagnostic } from '../../output/diagnostic-line.js';
import { type Command, checkPositionals, failInput, failUsage } from '../command.js';
import { readSpecArgument } from './read-spec-argument.js';

/**
 * `svc spec bundle <file|-> [-o out.yaml|out.json] [--yaml]`.
 *
 * @example
 * await runCommand(bundleCommand, ['api/openapi.yaml', '-o', 'dist/openapi.json'], context);
 */
export const bundleCommand: Command = {
  name: 'bundle',
  summary: 'Bundle a spec split into files into one self-contained file',
  help: `Usage: svc spec bundle <file|-> [-o <out.json|out.yaml>] [--yaml]

Read a spec and every file its $refs name, and write one self-contained document: each
referenced file or fragment becomes a component (components/schemas/Pet, 2.0 definitions/Pet)
named after it, referenced from where it was used. https: references stay as written.

Options:
  -o, --output <file>   Write to a file (YAML for .yaml/.yml, else JSON) instead of stdout
  --yaml                Write YAML (stdout is JSON otherwise)
  -h, --help            Show this help

Exit codes: 0 written, 1 a reference cannot be followed (missing file, bad fragment), 2 usage
or I/O error.`,
  options: { output: { type: 'string', short: 'o' }, yaml: { type: 'boolean' } },
  async run(args, context) {
    const problem = checkPositionals(args, ['<file>']);
    if (problem) return failUsage(context, problem);
    const input = await readSpecArgument(args.positionals[0] as string, context);
    if (!input) return EXIT_USAGE;
    const { bundle, errors } = bundleSpec({ spec: input.spec });
    if (bundle === undefined) {
      for (const error of errors)
        context.err.line(formatDiagnostic(input.label, error, 'error', context.err.style));
      context.err.line(`${context.err.style.red('✗')} ${input.label} was not bundled`);
      return EXIT_FAILURE;
    }
    const output = typeof args.values.output === 'string' ? args.values.output : '-';
    const yaml = args.values.yaml === true || /\.ya?ml$/i.test(output);
    const text = yaml
      ? dumpYaml(bundle, { noRefs: true, lineWidth: -1 })
      : `${JSON.stringify(bundle, null, 2)}\n`;
    const writeError = await writeOutput(output, text, context.io);
    if (writeError) return failInput(context, writeError);
    if (output !== '-')
      context.err.line(
        `${context.err.style.green('✓')} wrote ${output} (${input.spec.files.length} files bundled)`,
      );
    return EXIT_OK;
  },
};
