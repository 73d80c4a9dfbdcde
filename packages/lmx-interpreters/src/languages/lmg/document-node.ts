/**
 * A grid document read from JSON or YAML, as a tree that remembers where every node
 * starts (1-based line and column in the script's source), so a problem in a cell's code
 * points into the document. Maps keep their entries in order and never become JavaScript
 * objects, so `__proto__` or `constructor` are ordinary keys.
 */
export type DocumentNode =
  | {
      readonly kind: 'scalar';
      readonly value: string | number | boolean | null;
      readonly line: number;
      readonly column: number;
    }
  | { readonly kind: 'list'; readonly items: DocumentNode[]; readonly line: number; readonly column: number }
  | {
      readonly kind: 'map';
      readonly entries: Array<{ key: string; value: DocumentNode }>;
      readonly line: number;
      readonly column: number;
    };

/** A problem reading a document, with its position. */
export interface DocumentProblem {
  readonly code: 'E_PARSE' | 'E_LIMIT_DEPTH';
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** The result of a reader: the tree and where the document ended, or the first problem. */
export type DocumentRead =
  | { ok: true; node: DocumentNode; end: number }
  | { ok: false; problem: DocumentProblem };

/** Nesting deeper than this is refused (`E_LIMIT_DEPTH`) instead of exhausting the stack. */
export const maxDocumentDepth = 200;

/**
 * Looks up a key of a map node (the last entry wins, as in JSON.parse).
 *
 * @example
 * readEntry(node, 'cells');
 */
export function readEntry(node: DocumentNode | undefined, key: string): DocumentNode | undefined {
  if (node?.kind !== 'map') return undefined;
  let found: DocumentNode | undefined;
  for (const entry of node.entries) if (entry.key === key) found = entry.value;
  return found;
}

/** Turns a node into plain data (null-prototype objects), for a cell's `props` or a value. */
export function toPlainData(node: DocumentNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'list') return node.items.map(toPlainData);
  const result: Record<string, unknown> = Object.create(null);
  for (const entry of node.entries) result[entry.key] = toPlainData(entry.value);
  return result;
}

/**
 * Builds a lookup from an offset in `text` to a 1-based line and column (binary search
 * over line starts, so positions stay cheap in a large document).
 *
 * @example
 * createPositionFinder('a\nb')(2); // { line: 2, column: 1 }
 */
export function createPositionFinder(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  };
}
