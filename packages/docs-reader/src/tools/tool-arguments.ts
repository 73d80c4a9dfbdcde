import { DocsError } from '../errors.js';

/** A tool's arguments as a client sent them. */
export type ToolArguments = Record<string, unknown>;

/**
 * The first string among several accepted names (`q`, `query`, …), trimmed; `required` makes a
 * missing one `DOCS_INVALID_ARGUMENT` naming what is expected.
 *
 * @example
 * readString({ q: 'auth' }, ['query', 'q'], true); // 'auth'
 */
export function readString(args: ToolArguments, names: readonly string[], required: true): string;
export function readString(
  args: ToolArguments,
  names: readonly string[],
  required?: false,
): string | undefined;
export function readString(
  args: ToolArguments,
  names: readonly string[],
  required = false,
): string | undefined {
  for (const name of names) {
    const value = args[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number') return String(value);
  }
  if (required) {
    throw new DocsError(
      'DOCS_INVALID_ARGUMENT',
      `Missing argument "${names[0]}" (also accepted: ${names.slice(1).join(', ')}).`,
      {
        details: { expected: names },
      },
    );
  }
  return undefined;
}

/**
 * An integer argument under any of several names (numeric strings accepted), or undefined.
 *
 * @example
 * readInteger({ limit: '5' }, ['limit', 'max']); // 5
 */
export function readInteger(args: ToolArguments, names: readonly string[]): number | undefined {
  for (const name of names) {
    const value = args[name];
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return Math.floor(number);
    if (value !== undefined && value !== null) {
      throw new DocsError('DOCS_INVALID_ARGUMENT', `Argument "${name}" must be an integer.`, {
        details: { name },
      });
    }
  }
  return undefined;
}

/**
 * A boolean argument under any of several names (`"true"`/`"false"` accepted), or undefined.
 *
 * @example
 * readBoolean({ regex: 'true' }, ['regex']); // true
 */
export function readBoolean(args: ToolArguments, names: readonly string[]): boolean | undefined {
  for (const name of names) {
    const value = args[name];
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
  }
  return undefined;
}
