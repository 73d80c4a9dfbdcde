/** One problem of a user-supplied schema: a JSON pointer into the schema and what is wrong there. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** The bounds a user-supplied JSON Schema is held to before anything compiles it. */
export interface SchemaBounds {
  /** Largest schema, as JSON text (UTF-16 code units, as `JSON.stringify` counts). */
  maxBytes: number;
  /** Deepest nesting of objects and arrays (the schema object itself is level 1). */
  maxDepth: number;
}

/**
 * A stored function's `parameters`: 16 KiB of JSON and 20 levels of nesting — nine object
 * schemas inside one another, well past what model function-calling accepts (OpenAI's strict
 * mode stops at five), and below the 32 levels a document may have at all (docs/functions.md).
 */
export const FUNCTION_SCHEMA_BOUNDS: SchemaBounds = { maxBytes: 16 * 1024, maxDepth: 20 };

const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The keys leading to the first object or array nested deeper than `maxDepth`, or undefined.
 * Recursion stops one level past the bound, so its depth is bounded whatever the value.
 */
function findTooDeep(value: unknown, maxDepth: number, depth: number): string[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > maxDepth) return [];
  const keys = Array.isArray(value) ? value.keys() : Object.keys(value);
  for (const key of keys) {
    const found = findTooDeep((value as Record<string, unknown>)[key], maxDepth, depth + 1);
    if (found !== undefined) return [String(key), ...found];
  }
  return undefined;
}

/**
 * Checks a user-supplied schema against `bounds` before it is compiled: its size as JSON text
 * and how deep it nests, each issue with a JSON pointer (`''` for the whole schema). Linear in
 * the schema, on whatever thread calls it.
 *
 * @example
 * checkSchemaBounds({ type: 'object' }, FUNCTION_SCHEMA_BOUNDS); // []
 */
export function checkSchemaBounds(schema: unknown, bounds: SchemaBounds, text?: string): SchemaIssue[] {
  const size = (text ?? JSON.stringify(schema) ?? '').length;
  if (size > bounds.maxBytes) {
    return [{ path: '', message: `is ${size} bytes of JSON; at most ${bounds.maxBytes} are allowed.` }];
  }
  const deep = findTooDeep(schema, bounds.maxDepth, 1);
  if (deep !== undefined) {
    return [
      {
        path: deep.map((key) => `/${escapePointer(key)}`).join(''),
        message: `nests deeper than ${bounds.maxDepth} levels of objects and arrays.`,
      },
    ];
  }
  return [];
}
