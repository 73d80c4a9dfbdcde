import type { Diagnostic, ValidationResult } from './spec-types';

const EXCERPT_LIMIT = 200;

/**
 * Gives each located diagnostic the text of its line, for a file whose text is not in the editor
 * (no line to jump to, so the line is shown instead). One pass over the text, only when needed.
 *
 * @example
 * addExcerpts(result, 'a: 1\nb: [\n').errors[0]?.excerpt; // 'b: ['
 */
export function addExcerpts(result: ValidationResult, text: string): ValidationResult {
  const located = [...result.errors, ...result.warnings].some((item) => item.line !== undefined);
  if (!located) return result;
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  const withExcerpt = (item: Diagnostic): Diagnostic => {
    if (item.line === undefined) return item;
    const start = starts[item.line - 1];
    if (start === undefined) return item;
    const end = (starts[item.line] ?? text.length + 1) - 1;
    const line = text.slice(start, Math.min(end, start + EXCERPT_LIMIT)).replace(/\r$/, '');
    return { ...item, excerpt: line };
  };
  return { ...result, errors: result.errors.map(withExcerpt), warnings: result.warnings.map(withExcerpt) };
}
