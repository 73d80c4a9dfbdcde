/** One accepted input of a kind, as `GET /api/activity/kinds` lists it. */
export interface InputField {
  name: string;
  type: 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'string[]' | 'object[]' | 'grid';
  description: string;
  default?: unknown;
  required?: boolean;
  min?: number;
  max?: number;
  values?: readonly string[];
}

/** A kind of `GET /api/activity/kinds`. */
export interface KindInfo {
  kind: string;
  title: string;
  description: string;
  requiresAccount: boolean;
  inputs: InputField[];
}

/** What a form field holds: text for every type but booleans. */
export type FieldValues = Record<string, string | boolean>;

/** A field the form could not turn into input, shown beside it. */
export interface FieldProblem {
  name: string;
  message: string;
}

/**
 * The form's starting values: a boolean's default, and every other field empty (empty means
 * "leave it to the server's default", so the server stays the one place defaults live).
 *
 * @example
 * initialValues(kind.inputs); // { size: '', difficulty: '', symmetry: '' }
 */
export function initialValues(fields: readonly InputField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) values[field.name] = field.type === 'boolean' ? field.default === true : '';
  return values;
}

function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Separators between a word and its clue, in the order they are tried: a tab, a colon, a spaced dash. */
const CLUE_SEPARATOR = /\t|:|\s[-–—]\s/;

/**
 * Reads word-and-clue lines as puzzle makers write them: one entry per line, the word, then a
 * colon (or a tab, or a spaced dash), then its clue — `otter: Plays in rivers`. A text starting
 * with `[` is still read as a JSON array of `{ word, clue }` objects.
 *
 * @example
 * readWordLines('otter: Plays in rivers\nmole - Digs'); // { value: [{ word: 'otter', clue: 'Plays in rivers' }, { word: 'mole', clue: 'Digs' }] }
 */
export function readWordLines(text: string): { value?: unknown[]; problem?: string } {
  if (text.startsWith('[')) {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? { value } : { problem: 'must be one word and clue per line' };
    } catch {
      return { problem: 'starts with [ but is not a JSON array; write one word and clue per line instead' };
    }
  }
  const value: { word: string; clue: string }[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const match = CLUE_SEPARATOR.exec(line);
    const word = match ? line.slice(0, match.index).trim() : line.trim();
    const clue = match ? line.slice(match.index + match[0].length).trim() : '';
    if (!word || !clue)
      return { problem: `line ${index + 1} needs a word, a colon and its clue (otter: Plays in rivers)` };
    value.push({ word, clue });
  }
  return { value };
}

function readField(field: InputField, raw: string | boolean): { value?: unknown; problem?: string } {
  if (field.type === 'boolean') return raw === (field.default === true) ? {} : { value: raw === true };
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return {};
  switch (field.type) {
    case 'integer':
    case 'number': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { problem: 'must be a number' };
      if (field.type === 'integer' && !Number.isInteger(value)) return { problem: 'must be a whole number' };
      return { value };
    }
    case 'enum':
    case 'string':
      return { value: text };
    case 'string[]':
      // One per line, or separated by commas on one line.
      return { value: text.includes('\n') ? splitLines(text) : splitLines(text.replaceAll(',', '\n')) };
    case 'grid':
      return { value: splitLines(text) };
    case 'object[]':
      // The one kind with entries of several parts is the crossword's words and clues.
      return readWordLines(text);
    default: {
      const unknownType: never = field.type;
      return { problem: `has an unknown type ${String(unknownType)}` };
    }
  }
}

/**
 * Turns the form's values into the kind's `input` object: empty fields are left out (the server
 * applies its defaults), lists are one entry per line. Range checks stay on
 * the server, whose `ACT_INVALID_INPUT` issues name the field. `object[]` (the crossword's words)
 * is one `word: clue` per line ({@link readWordLines}).
 *
 * @example
 * toKindInput(fields, { size: '6', overlap: true }); // { input: { size: 6 }, problems: [] }
 */
export function toKindInput(
  fields: readonly InputField[],
  values: FieldValues,
): { input: Record<string, unknown>; problems: FieldProblem[] } {
  const input: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  for (const field of fields) {
    const raw = values[field.name];
    if (raw === undefined) continue;
    const { value, problem } = readField(field, raw);
    if (problem) problems.push({ name: field.name, message: `${field.name} ${problem}` });
    else if (value !== undefined) input[field.name] = value;
  }
  return { input, problems };
}

/** The hint under a field: its description, default and bounds. */
export function describeField(field: InputField): string {
  const parts = [field.description];
  if (field.default !== undefined && field.type !== 'boolean')
    parts.push(
      `Default: ${Array.isArray(field.default) ? field.default.join(', ') : String(field.default)}.`,
    );
  if (field.min !== undefined || field.max !== undefined) {
    const unit =
      field.type === 'integer' || field.type === 'number'
        ? ''
        : field.type === 'string'
          ? ' characters'
          : ' entries';
    parts.push(`From ${field.min ?? '…'} to ${field.max ?? '…'}${unit}.`);
  }
  if (field.type === 'string[]' || field.type === 'grid') parts.push('One per line.');
  if (field.type === 'object[]') parts.push('One per line: the word, a colon, its clue.');
  return parts.join(' ');
}
