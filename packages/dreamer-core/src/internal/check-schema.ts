import type { StageSchema } from '../pipeline/types.js';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: NonNullable<StageSchema['type']>): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeOf(value) === type;
}

/** Checks a parsed value against the small schema subset; returns problems as strings. */
export function checkSchema(value: unknown, schema: StageSchema, path = ''): string[] {
  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    return [`${path || '/'} should be ${schema.type}, got ${typeOf(value)}`];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    if (!(name in record)) problems.push(`${path}/${name} is required`);
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (name in record) problems.push(...checkSchema(record[name], child, `${path}/${name}`));
  }
  return problems;
}
