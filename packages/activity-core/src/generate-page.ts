import { ActivityError } from './errors.js';
import { readInput } from './internal/read-input.js';
import { findKind, KINDS } from './kinds/registry.js';
import { createRandom } from './random/seeded-random.js';

/** Arguments of {@link generatePage}. */
export interface GeneratePageArgs {
  kind: string;
  input?: Record<string, unknown>;
  /** The same seed and input give the same page on every platform; a random seed when absent. */
  seed?: string | number;
}

/** A generated page: plain JSON, ready to save, validate, print or put in a book. */
export interface GeneratedPage {
  kind: string;
  /** The seed used (echoed, or the one chosen), so the page can be made again. */
  seed: string;
  doc: Record<string, unknown>;
  summary: string;
}

function randomSeed(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Generates one puzzle page. Throws an {@link ActivityError} with every issue for an unknown
 * kind or bad input.
 *
 * @example
 * const page = generatePage({ kind: 'sudoku', input: { size: 9, difficulty: 'easy' }, seed: 'page-1' });
 * page.doc.givens; // the same 9×9 puzzle on every machine
 */
export function generatePage(args: GeneratePageArgs): GeneratedPage {
  const kind = findKind(args?.kind);
  if (!kind) {
    throw new ActivityError(
      'ACT_UNKNOWN_KIND',
      `Unknown kind ${JSON.stringify(args?.kind)}; known kinds: ${KINDS.map((k) => k.name).join(', ')}.`,
    );
  }
  if (args.seed !== undefined && typeof args.seed !== 'string' && typeof args.seed !== 'number') {
    throw new ActivityError('ACT_INVALID_INPUT', 'seed must be text or a number.', {
      issues: [{ code: 'ACT_INVALID_INPUT', message: 'seed must be text or a number.', path: '/seed' }],
    });
  }
  const generic = readInput(kind.inputs, args.input);
  const specific =
    generic.issues.length === 0 ? kind.normalizeInput(generic.values) : { input: generic.values, issues: [] };
  const issues = [...generic.issues, ...specific.issues];
  if (issues.length > 0) {
    throw new ActivityError(
      'ACT_INVALID_INPUT',
      `Invalid ${kind.name} input: ${issues.map((i) => i.message).join(' ')}`,
      { issues },
    );
  }
  const seed = args.seed === undefined ? randomSeed() : String(args.seed);
  const doc = kind.generate(specific.input, createRandom(`${kind.name}:${seed}`)) as Record<string, unknown>;
  return { kind: kind.name, seed, doc, summary: kind.summarize(doc) };
}
