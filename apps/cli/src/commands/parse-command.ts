import { parseArgs } from 'node:util';
import type { OptionSpec, ParsedArgs } from './command.js';

/** The command line parsed, or a usage message explaining what is wrong with it. */
export type ParseOutcome = { ok: true; args: ParsedArgs; help: boolean } | { ok: false; message: string };

/**
 * Parses a command's arguments with `node:util` parseArgs (strict, positionals allowed);
 * `-h`/`--help` is added to every command. An unknown option gets a "did you mean" hint.
 *
 * @example
 * parseCommandArgs(['a.yaml', '--strikt'], { strict: { type: 'boolean' } });
 * // { ok: false, message: "unknown option '--strikt'. Did you mean '--strict'?" }
 */
export function parseCommandArgs(argv: readonly string[], options: OptionSpec): ParseOutcome {
  const all: OptionSpec = { ...options, help: { type: 'boolean', short: 'h' } };
  try {
    const parsed = parseArgs({ args: [...argv], options: all, allowPositionals: true, strict: true });
    const values: ParsedArgs['values'] = {};
    for (const [key, value] of Object.entries(parsed.values)) {
      if (typeof value === 'string' || typeof value === 'boolean') values[key] = value;
      else if (Array.isArray(value)) values[key] = value.filter((item) => typeof item === 'string');
    }
    return { ok: true, args: { values, positionals: parsed.positionals }, help: values.help === true };
  } catch (error) {
    return { ok: false, message: explainParseError(error, all) };
  }
}

function explainParseError(error: unknown, options: OptionSpec): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    const hint = suggestOption(option, options);
    return `unknown option '${option}'${hint ? `. Did you mean '${hint}'?` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /(--[\w-]+)/.exec(message)?.[1];
    const spec = option ? options[option.slice(2)] : undefined;
    if (spec?.type === 'boolean') return `option '${option}' takes no value`;
    return option ? `option '${option}' needs a value` : message;
  }
  return message;
}

/** The closest long option within two edits, or one the typed text is a prefix of. */
function suggestOption(typed: string, options: OptionSpec): string | undefined {
  const bare = typed.replace(/^-+/, '').split('=')[0] ?? '';
  let best: { name: string; distance: number } | undefined;
  for (const name of Object.keys(options).sort()) {
    const distance = name.startsWith(bare) && bare.length > 1 ? 0 : editDistance(bare, name);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best ? `--${best.name}` : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
