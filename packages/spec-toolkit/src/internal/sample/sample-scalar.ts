/**
 * The sample value of a `binary` string or a 2.0 `file` parameter. In multipart bodies curl sends
 * it as a file upload (`-F name=@name.bin`), never as literal text.
 *
 * @example
 * ```ts
 * sampleString({ format: 'binary' }) === FILE_PLACEHOLDER; // true
 * ```
 */
export const FILE_PLACEHOLDER = '<binary>';

/** Fixed values for string formats: realistic enough to pass format checks, and always the same. */
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  'uri-reference': 'https://example.com',
  'iri-reference': 'https://example.com',
  'uri-template': 'https://example.com/{id}',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'c3RyaW5n',
  base64: 'c3RyaW5n',
  binary: FILE_PLACEHOLDER,
  password: 'password',
  regex: '^[a-z]+$',
  'json-pointer': '/a/b',
  'relative-json-pointer': '0/a',
  int32: '0',
  int64: '0',
};

/**
 * A sample string honouring `format` and `minLength` / `maxLength` (patterns are not attempted).
 *
 * @example
 * ```ts
 * sampleString({ format: 'date-time' }); // '2024-01-01T00:00:00Z'
 * ```
 */
export function sampleString(schema: Record<string, unknown>): string {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const encoding = typeof schema.contentEncoding === 'string' ? schema.contentEncoding : undefined;
  let value = (format && FORMAT_SAMPLES[format]) ?? (encoding === 'base64' ? 'c3RyaW5n' : 'string');
  const min = readCount(schema.minLength);
  const max = readCount(schema.maxLength);
  if (min !== undefined && value.length < min) value = value + 'x'.repeat(min - value.length);
  if (max !== undefined && value.length > max) value = value.slice(0, max);
  return value;
}

function readCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/** Reads a lower or upper bound, in both the 3.0 (boolean) and 3.1 (numeric) exclusive forms. */
function readBound(schema: Record<string, unknown>, side: 'min' | 'max'): Bound | undefined {
  const inclusive = schema[side === 'min' ? 'minimum' : 'maximum'];
  const exclusive = schema[side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
  if (typeof exclusive === 'number') return { value: exclusive, exclusive: true };
  if (typeof inclusive !== 'number') return undefined;
  return { value: inclusive, exclusive: exclusive === true };
}

/**
 * A sample number: 0 when the bounds allow it, else the nearest allowed value, then moved onto a
 * `multipleOf` step. Integers stay integers.
 *
 * @example
 * ```ts
 * sampleNumber({ minimum: 7, multipleOf: 5 }, true); // 10
 * ```
 */
export function sampleNumber(schema: Record<string, unknown>, integer: boolean): number {
  const lower = readBound(schema, 'min');
  const upper = readBound(schema, 'max');
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  const nudge = integer ? 1 : (step ?? 1);
  let value = 0;
  if (lower && (value < lower.value || (lower.exclusive && value === lower.value))) {
    value = lower.exclusive ? (integer ? Math.floor(lower.value) + 1 : lower.value + nudge) : lower.value;
  } else if (upper && (value > upper.value || (upper.exclusive && value === upper.value))) {
    value = upper.exclusive ? (integer ? Math.ceil(upper.value) - 1 : upper.value - nudge) : upper.value;
  }
  if (lower && upper && !fits(value, lower, upper)) value = (lower.value + upper.value) / 2;
  if (integer) value = Math.ceil(value);
  if (step !== undefined) {
    const up = Math.ceil(value / step) * step;
    const down = Math.floor(value / step) * step;
    value = upper && !fits(up, lower, upper) ? down : up;
  }
  return Number.parseFloat(value.toPrecision(12)) + 0;
}

function fits(value: number, lower: Bound | undefined, upper: Bound | undefined): boolean {
  if (lower && (value < lower.value || (lower.exclusive && value === lower.value))) return false;
  if (upper && (value > upper.value || (upper.exclusive && value === upper.value))) return false;
  return true;
}
