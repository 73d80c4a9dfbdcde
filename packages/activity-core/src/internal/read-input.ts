import type { ActivityIssue } from '../errors.js';
import type { InputField } from '../kinds/kind.js';

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}

function checkField(field: InputField, value: unknown, path: string): ActivityIssue | null {
  const fail = (message: string): ActivityIssue => ({
    code: 'ACT_INVALID_INPUT',
    message: `${field.name}: ${message}`,
    path,
  });
  const { min, max } = field;
  switch (field.type) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return fail(`expected a number, got ${describe(value)}.`);
      if (field.type === 'integer' && !Number.isInteger(value)) return fail('expected a whole number.');
      if (min !== undefined && value < min) return fail(`must be at least ${min}.`);
      if (max !== undefined && value > max) return fail(`must be at most ${max}.`);
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : fail(`expected true or false, got ${describe(value)}.`);
    case 'string': {
      if (typeof value !== 'string') return fail(`expected text, got ${describe(value)}.`);
      if (min !== undefined && value.length < min) return fail(`must be at least ${min} characters.`);
      if (max !== undefined && value.length > max) return fail(`must be at most ${max} characters.`);
      return null;
    }
    case 'enum':
      return typeof value === 'string' && field.values?.includes(value)
        ? null
        : fail(`must be one of ${(field.values ?? []).map((v) => `"${v}"`).join(', ')}.`);
    case 'string[]':
    case 'object[]':
    case 'grid': {
      if (!Array.isArray(value)) return fail(`expected a list, got ${describe(value)}.`);
      if (min !== undefined && value.length < min) return fail(`must have at least ${min} items.`);
      if (max !== undefined && value.length > max) return fail(`must have at most ${max} items.`);
      if (field.type === 'string[]' && !value.every((item) => typeof item === 'string'))
        return fail('every item must be text.');
      return null;
    }
  }
}

/**
 * Applies a kind's declared inputs to a raw input object: unknown keys, wrong types, values out
 * of bounds and missing required keys become issues; absent keys take their defaults.
 *
 * @example
 * const { values, issues } = readInput(sudoku.inputs, { size: 9 });
 */
export function readInput(
  fields: readonly InputField[],
  raw: unknown,
): { values: Record<string, unknown>; issues: ActivityIssue[] } {
  const issues: ActivityIssue[] = [];
  const values: Record<string, unknown> = {};
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    return {
      values,
      issues: [
        { code: 'ACT_INVALID_INPUT', message: `input must be an object, got ${describe(raw)}.`, path: '' },
      ],
    };
  }
  const source = (raw ?? {}) as Record<string, unknown>;
  const known = new Set(fields.map((field) => field.name));
  for (const key of Object.keys(source)) {
    if (!known.has(key)) {
      issues.push({
        code: 'ACT_INVALID_INPUT',
        message: `unknown input "${key}"; accepted: ${[...known].join(', ')}.`,
        path: `/${key}`,
      });
    }
  }
  for (const field of fields) {
    const value = source[field.name];
    if (value === undefined) {
      if (field.required)
        issues.push({
          code: 'ACT_INVALID_INPUT',
          message: `${field.name} is required.`,
          path: `/${field.name}`,
        });
      else if (field.default !== undefined) values[field.name] = structuredClone(field.default);
      continue;
    }
    const issue = checkField(field, value, `/${field.name}`);
    if (issue) issues.push(issue);
    else values[field.name] = value;
  }
  return { values, issues };
}
