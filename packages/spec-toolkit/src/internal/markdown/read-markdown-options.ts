import type { DescribeFunction } from '../../describe-function.js';
import { isPlainObject } from '../json-pointer.js';

/** The options of `toMarkdown` with defaults applied. */
export interface MarkdownSettings {
  describe?: DescribeFunction;
  describeTimeoutMs: number;
  includeExamples: boolean;
  maxExampleChars: number;
  baseUrl?: string;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Reads `toMarkdown` options from untrusted input: values of the wrong type fall back to the
 * defaults (10 s timeout, examples on, 2000 characters per example block).
 *
 * @example
 * ```ts
 * readMarkdownOptions({ maxExampleChars: 500, describe: 'nope' }); // { describeTimeoutMs: 10000, includeExamples: true, maxExampleChars: 500 }
 * ```
 */
export function readMarkdownOptions(options: unknown): MarkdownSettings {
  const from = isPlainObject(options) ? options : {};
  const settings: MarkdownSettings = {
    // setTimeout cannot wait longer than 2^31 - 1 ms (it would fire at once instead).
    describeTimeoutMs: isCount(from.describeTimeoutMs)
      ? Math.min(from.describeTimeoutMs, 2 ** 31 - 1)
      : 10_000,
    includeExamples: from.includeExamples !== false,
    maxExampleChars:
      isCount(from.maxExampleChars) && from.maxExampleChars >= 1 ? Math.floor(from.maxExampleChars) : 2000,
  };
  if (typeof from.describe === 'function') settings.describe = from.describe as DescribeFunction;
  if (typeof from.baseUrl === 'string') settings.baseUrl = from.baseUrl;
  return settings;
}
