import { child, type Place, type RuleContext, report } from './rule-context.js';

const PATHS: Place = { parent: null, token: 'paths' };

/**
 * Rules over the path keys as a set: identical and ambiguous templates, query strings, and a
 * template named twice. One pass over the keys; the pairwise ambiguity test runs only within
 * groups of paths with the same number of segments.
 */
export function checkPathKeys(context: RuleContext, paths: Record<string, unknown>): void {
  const shapes = new Map<string, string>();
  const bySegments = new Map<number, TemplatedPath[]>();
  for (const path in paths) {
    if (path.charCodeAt(0) === 120 && path.startsWith('x-')) continue;
    const place = child(PATHS, path);
    const query = path.indexOf('?');
    if (query !== -1) {
      const name = path.slice(query + 1).split(/[=&]/)[0] || 'name';
      report(
        context,
        'SPEC_PATH_QUERY_STRING',
        place,
        `Path "${path}" holds a query string: declare "${name}" as an "in: query" parameter instead.`,
      );
    }
    if (!path.includes('{')) continue;
    const shape = path.replace(/\{[^}]*\}/g, '{}');
    const first = shapes.get(shape);
    if (first === undefined) shapes.set(shape, path);
    else {
      report(
        context,
        'SPEC_PATH_IDENTICAL',
        place,
        `Path "${path}" is identical to "${first}" but for template names: merge them, or make the literal parts differ.`,
      );
      continue;
    }
    const repeated = findRepeatedTemplate(path);
    if (repeated !== undefined) {
      report(
        context,
        'SPEC_PATH_PARAM_REPEATED',
        place,
        `Path "${path}" names "${repeated}" twice: give each template its own name.`,
      );
    }
    const segments = path.split('/');
    let group = bySegments.get(segments.length);
    if (group === undefined) {
      group = [];
      bySegments.set(segments.length, group);
    }
    group.push({ segments, mask: templateMask(segments) });
  }
  const budget = { pairs: MAX_PAIRS };
  for (const group of bySegments.values()) checkAmbiguous(context, group, budget);
}

/**
 * The first `{template}` (as `/\{[^}]*\}/g` matches them, braces included) that repeats an
 * earlier one, `{}` aside; undefined when none does. Compares in place: no match list is built
 * for each of a large description's paths.
 */
export function findRepeatedTemplate(path: string): string | undefined {
  let open = path.indexOf('{');
  while (open !== -1) {
    const close = path.indexOf('}', open + 1);
    if (close === -1) return undefined;
    if (close > open + 1 && repeatsEarlierTemplate(path, open, close)) return path.slice(open, close + 1);
    open = path.indexOf('{', close + 1);
  }
  return undefined;
}

/** True when a template before `open` has the same text as `path[open..close]`. */
function repeatsEarlierTemplate(path: string, open: number, close: number): boolean {
  const length = close - open;
  let earlier = path.indexOf('{');
  while (earlier < open) {
    const end = path.indexOf('}', earlier + 1);
    if (end - earlier === length && sameText(path, earlier, open, length)) return true;
    earlier = path.indexOf('{', end + 1);
  }
  return false;
}

/** True when `path` has the same `length` characters at `a` and at `b`. */
function sameText(path: string, a: number, b: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++)
    if (path.charCodeAt(a + offset) !== path.charCodeAt(b + offset)) return false;
  return true;
}

/**
 * Pairs of paths compared for ambiguity, at most: real descriptions need well under a million
 * (GitHub's, the largest we know, about 200,000); past it the check stops rather than let a
 * crafted document with tens of thousands of templated paths stall the process.
 */
const MAX_PAIRS = 2_000_000;

const isTemplate = (segment: string): boolean => segment.includes('{');

/** A templated path's segments, with a bit per templated segment (the first 30; later ones are tested). */
interface TemplatedPath {
  segments: string[];
  mask: number;
}

const MASKED = 30;

function templateMask(segments: string[]): number {
  let mask = 0;
  for (let index = 0; index < segments.length && index < MASKED; index++)
    if (isTemplate(segments[index] as string)) mask |= 1 << index;
  return mask;
}

const templatedAt = (path: TemplatedPath, index: number): boolean =>
  index < MASKED ? (path.mask & (1 << index)) !== 0 : isTemplate(path.segments[index] as string);

/**
 * Two templated paths are ambiguous when every segment pair matches (equal, or one templated)
 * and neither path is more literal at the first difference (the spec's rule: a concrete path
 * is matched before a templated one, so `/a/b` beside `/a/{x}` is fine).
 */
function checkAmbiguous(context: RuleContext, group: TemplatedPath[], budget: { pairs: number }): void {
  if (group.length < 2) return;
  for (let i = 0; i < group.length; i++) {
    const a = group[i] as TemplatedPath;
    budget.pairs -= group.length - i - 1;
    if (budget.pairs < 0) return;
    for (let j = i + 1; j < group.length; j++) {
      const b = group[j] as TemplatedPath;
      if (!isAmbiguousPair(a, b)) continue;
      const later = b.segments.join('/');
      report(
        context,
        'SPEC_PATH_AMBIGUOUS',
        child(PATHS, later),
        `Path "${later}" and "${a.segments.join('/')}" can match the same request URL: make one literal segment differ.`,
      );
    }
  }
}

function isAmbiguousPair(a: TemplatedPath, b: TemplatedPath): boolean {
  let aMoreLiteral = false;
  let bMoreLiteral = false;
  for (let index = 0; index < a.segments.length; index++) {
    if (a.segments[index] === b.segments[index]) continue;
    const xt = templatedAt(a, index);
    const yt = templatedAt(b, index);
    if (!xt && !yt) return false;
    if (xt && yt) continue;
    if (!xt) aMoreLiteral = true;
    else bMoreLiteral = true;
  }
  // One literal where the other is templated, both ways: neither is preferred.
  return aMoreLiteral && bMoreLiteral;
}
