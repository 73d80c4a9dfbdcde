import type { ParseArgsConfig } from 'node:util';
import type { Diagnostic } from '@svc/spec-toolkit';
import { type CliIo, EXIT_USAGE } from '../cli-io.js';
import { readInput } from '../input/read-input.js';
import { formatDiagnostic } from '../output/diagnostic-line.js';
import type { Printer } from '../output/printer.js';

/** The options a command declares, in `node:util` parseArgs form. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** A command line after parsing. */
export interface ParsedArgs {
  /** A `string[]` for options declared `multiple: true`. */
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** What a running command can use. */
export interface CommandContext {
  io: CliIo;
  out: Printer;
  err: Printer;
  /** The full command name for messages: `svc spec validate`. */
  name: string;
}

/** One leaf command of the CLI. */
export interface Command {
  name: string;
  /** One line for the group's help. */
  summary: string;
  /** The full `--help` text, without a trailing newline. */
  help: string;
  /** Options besides `-h, --help`, which every command has. */
  options: OptionSpec;
  run(args: ParsedArgs, context: CommandContext): Promise<number>;
}

/** A command group (`svc spec`, `svc activity`): its leaf commands and its help text. */
export interface CommandGroup {
  commands: readonly Command[];
  help: string;
}

/**
 * Reports a usage problem on stderr with a pointer to the help, and returns exit code 2.
 *
 * @example
 * return failUsage(context, 'missing <file>'); // 2
 */
export function failUsage(context: Pick<CommandContext, 'err' | 'name'>, message: string): number {
  context.err.line(`${context.name}: ${message}`);
  context.err.line(`Run '${context.name} --help' for usage.`);
  return EXIT_USAGE;
}

/**
 * Reports an I/O or input problem on stderr and returns exit code 2.
 *
 * @example
 * return failInput(context, 'cannot read a.yaml: no such file'); // 2
 */
export function failInput(context: Pick<CommandContext, 'err' | 'name'>, message: string): number {
  context.err.line(`${context.name}: ${context.err.style.red(message)}`);
  return EXIT_USAGE;
}

/**
 * Reads a file argument (`-` is stdin); on failure reports it and gives undefined.
 *
 * @example
 * const input = await readArgument(args.positionals[0] as string, context);
 * if (!input) return EXIT_USAGE;
 */
export async function readArgument(
  file: string,
  context: CommandContext,
): Promise<{ text: string; label: string } | undefined> {
  const input = await readInput(file, context.io);
  if (input.ok) return input;
  failInput(context, input.message);
  return undefined;
}

/**
 * Checks the positional count; the usage message when it is wrong.
 *
 * @example
 * checkPositionals({ values: {}, positionals: ['a.yaml'] }, ['<old>', '<new>']); // 'missing <new>'
 */
export function checkPositionals(args: ParsedArgs, names: readonly string[]): string | undefined {
  if (args.positionals.length < names.length) {
    const missing = names.slice(args.positionals.length).join(' ');
    return `missing ${missing}`;
  }
  if (args.positionals.length > names.length) {
    return `unexpected argument '${args.positionals[names.length]}'`;
  }
  if (args.positionals.filter((value) => value === '-').length > 1) return 'stdin (-) can be read only once';
  return undefined;
}

// Codes meaning the spec text gave no document at all; other tool errors are reported but not fatal.
const UNREADABLE_CODES = new Set([
  'SPEC_PARSE_ERROR',
  'SPEC_INPUT_EMPTY',
  'SPEC_INPUT_MISSING',
  'SPEC_NOT_AN_OBJECT',
]);

/**
 * Prints a tool's `errors` on stderr: as errors when the spec could not be read at all
 * (then the result is true: the command failed), else as warnings.
 *
 * @example
 * if (reportToolErrors(input.label, result.errors, context)) return EXIT_USAGE;
 */
export function reportToolErrors(
  label: string,
  errors: readonly Diagnostic[],
  context: CommandContext,
): boolean {
  const unreadable = errors.some((error) => UNREADABLE_CODES.has(error.code));
  const severity = unreadable ? 'error' : 'warning';
  for (const error of errors) context.err.line(formatDiagnostic(label, error, severity, context.err.style));
  return unreadable;
}
