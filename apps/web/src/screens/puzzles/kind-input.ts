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
    case 'object[]': {
      try {
        const value: unknown = JSON.parse(text);
        return Array.isArray(value) ? { value } : { problem: 'must be a JSON array' };
      } catch {
        return { problem: 'must be a JSON array' };
      }
    }
    default: {
      const unknownType: never = field.type;
      return { problem: `has an unknown type ${String(unknownType)}` };
    }
  }
}

/**
 * Turns the form's values into the kind's `input` object: empty fields are left out (the server
 * applies its defaults), lists are one entry per line, `object[]` is JSON. Range checks stay on
 * the server, whose `ACT_INVALID_INPUT` issues name the field.
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
  if (field.type === 'object[]') parts.push('A JSON array.');
  return parts.join(' ');
}
