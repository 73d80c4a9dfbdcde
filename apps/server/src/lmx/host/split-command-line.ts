/** Why a command line could not be split into arguments. */
export class CommandLineError extends Error {
  readonly code = 'E_HOST_COMMAND' as const;
  readonly column: number;
  constructor(message: string, column: number) {
    super(message);
    this.name = 'CommandLineError';
    this.column = column;
  }
}

const MAX_ARGUMENTS = 256;

/**
 * Splits a command line into an argument list the way a reader expects — words separated by
 * blanks, `'…'` taken literally, `"…"` with `\"` and `\\` escapes, a backslash outside quotes
 * escaping the next character — and nothing more: no variables, globs, pipes, redirections or
 * command substitution. `$HOME`, `*`, `|` and `;` are ordinary characters of an argument, so a
 * script value placed in a command can never become shell syntax. The first word is the
 * program, run without a shell.
 *
 * @example
 * splitCommandLine(`grep -c "two words" 'it''s' a\\ b`); // ['grep', '-c', 'two words', 'its', 'a b']
 */
export function splitCommandLine(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  let quoteStart = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (char === '\0') throw new CommandLineError('A command may not contain a NUL character.', index + 1);
    if (quote === "'") {
      if (char === "'") quote = null;
      else current += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && (line[index + 1] === '"' || line[index + 1] === '\\'))
        current += line[++index];
      else current += char;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      if (inWord) {
        args.push(current);
        if (args.length > MAX_ARGUMENTS)
          throw new CommandLineError(`A command takes at most ${MAX_ARGUMENTS} arguments.`, index + 1);
        current = '';
        inWord = false;
      }
      continue;
    }
    inWord = true;
    if (char === "'" || char === '"') {
      quote = char;
      quoteStart = index + 1;
    } else if (char === '\\') {
      if (index + 1 >= line.length)
        throw new CommandLineError('A backslash at the end of a command escapes nothing.', index + 1);
      current += line[++index];
    } else current += char;
  }
  if (quote) throw new CommandLineError(`The quote ${quote} opened here is never closed.`, quoteStart);
  if (inWord) args.push(current);
  if (args.length === 0) throw new CommandLineError('The command is empty.', 1);
  if (args.length > MAX_ARGUMENTS)
    throw new CommandLineError(`A command takes at most ${MAX_ARGUMENTS} arguments.`, line.length);
  return args;
}
