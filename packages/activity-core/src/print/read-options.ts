import { ActivityError } from '../errors.js';

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function fail(message: string, path: string): never {
  throw new ActivityError('ACT_INVALID_OPTIONS', message, {
    issues: [{ code: 'ACT_INVALID_OPTIONS', message, path }],
  });
}

/**
 * An optional boolean option: `fallback` when absent, otherwise exactly true or false; anything
 * else is an `ACT_INVALID_OPTIONS` error located at `path`.
 *
 * @example
 * readFlag(args.key, false, '/key');
 */
export function readFlag(value: unknown, fallback: boolean, path: string): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  return fail(`${nameOf(path)} must be true or false.`, path);
}

/**
 * An optional text option of 1 to `max` characters (`undefined` when absent), trimmed; anything
 * else is an `ACT_INVALID_OPTIONS` error.
 *
 * @example
 * readText(args.watermark, 120, '/watermark'); // 'Sample — join to print without this mark'
 */
export function readText(value: unknown, max: number, path: string): string | undefined {
  if (value === undefined) return undefined;
  const name = nameOf(path);
  if (typeof value !== 'string') return fail(`${name} must be text.`, path);
  const text = value.trim();
  if (text.length === 0 || text.length > max) return fail(`${name} must be 1 to ${max} characters.`, path);
  return text;
}

/**
 * An optional positive whole number of at most `max` (`undefined` when absent).
 *
 * @example
 * readCount(args.number, 9999, '/number'); // 7
 */
export function readCount(value: unknown, max: number, path: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max) return value;
  return fail(`${nameOf(path)} must be a whole number from 1 to ${max}.`, path);
}
