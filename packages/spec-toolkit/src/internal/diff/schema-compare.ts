import type { RawChange } from './change-catalog.js';
import type { SchemaContext } from './schema-context.js';
import type { SchemaReader, SchemaSite } from './schema-node.js';
import { compareSchemaNodes, type SchemaPair } from './schema-rules.js';

/** Compares schemas of two documents, remembering every pair it has compared. */
export interface SchemaComparer {
  /** Every change found in `oldSite` vs `newSite` and below it, shared with other callers. */
  compareSchemas(oldSite: SchemaSite, newSite: SchemaSite, context: SchemaContext): readonly RawChange[];
  /** Same, for nodes already read (2.0 form parameters gathered into one object). */
  compareNodes(pair: SchemaPair): readonly RawChange[];
  readers: { old: SchemaReader; new: SchemaReader };
}

const NONE: readonly RawChange[] = Object.freeze([]);

/**
 * Creates a comparer. Schema graphs may be cyclic and are heavily shared (GitHub's description
 * reaches `simple-user` from hundreds of operations), so the pairs form a graph walked once with
 * Tarjan's algorithm: every pair of a strongly connected component ends up with the same,
 * complete set of reachable changes, memoised, so each pair's rules run once per comparison.
 *
 * @example
 * const comparer = createSchemaComparer({ old: oldReader, new: newReader });
 * comparer.compareSchemas(oldSite, newSite, { direction: 'response', role: 'body', subject: 'response 200 body' });
 */
export function createSchemaComparer(readers: { old: SchemaReader; new: SchemaReader }): SchemaComparer {
  const done = new Map<string, readonly RawChange[]>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const local = new Map<string, { changes: RawChange[]; successors: string[] }>();
  const stack: string[] = [];
  let counter = 0;

  const keyOf = (pair: SchemaPair): string => {
    const { direction, role, subject } = pair.context;
    // Parameter and body subjects end up in messages, so they must be part of the key; a
    // property names itself from its pointer, which keeps shared schemas to one key.
    return `${direction}|${role}|${role === 'property' ? '' : subject}|${pair.old.id}|${pair.new.id}`;
  };

  const lower = (key: string, value: number | undefined): void => {
    if (value !== undefined && value < (low.get(key) as number)) low.set(key, value);
  };

  // Tarjan's walk with an explicit stack of frames: schemas nested thousands deep must not
  // exhaust the call stack.
  const visit = (rootKey: string, rootPair: SchemaPair): void => {
    const frames: {
      key: string;
      index: number;
      children: SchemaPair[];
      successors: string[];
      next: number;
    }[] = [];
    const open = (key: string, pair: SchemaPair): void => {
      const index = counter++;
      order.set(key, index);
      low.set(key, index);
      stack.push(key);
      const { changes, children } = compareSchemaNodes(pair, readers);
      const successors = children.map(keyOf);
      local.set(key, { changes, successors });
      frames.push({ key, index, children, successors, next: 0 });
    };
    open(rootKey, rootPair);
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      if (frame.next < frame.children.length) {
        const at = frame.next++;
        const childKey = frame.successors[at] as string;
        if (done.has(childKey)) continue;
        if (order.has(childKey)) lower(frame.key, order.get(childKey));
        else open(childKey, frame.children[at] as SchemaPair);
        continue;
      }
      frames.pop();
      // Read before closing: a component root's entry is gone once its component is done.
      const reached = low.get(frame.key);
      if (reached === frame.index) closeComponent(frame.key);
      const parent = frames.at(-1);
      if (parent && reached !== frame.index) lower(parent.key, reached);
    }
  };

  const closeComponent = (root: string): void => {
    const members: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      members.push(member);
    } while (member !== root);
    const inside = new Set(members);
    const sources: (readonly RawChange[])[] = [];
    for (const key of members) {
      const entry = local.get(key);
      if (!entry) continue;
      if (entry.changes.length > 0) sources.push(entry.changes);
      for (const successor of entry.successors) {
        const reached = inside.has(successor) ? undefined : done.get(successor);
        if (reached && reached.length > 0) sources.push(reached);
      }
    }
    const all = mergeSources(sources);
    for (const key of members) {
      done.set(key, all);
      order.delete(key);
      low.delete(key);
      local.delete(key);
    }
  };

  const compareNodes = (pair: SchemaPair): readonly RawChange[] => {
    const key = keyOf(pair);
    const known = done.get(key);
    if (known) return known;
    visit(key, pair);
    return done.get(key) ?? NONE;
  };

  return {
    readers,
    compareNodes,
    compareSchemas(oldSite, newSite, context) {
      return compareNodes({
        old: readers.old.readNode(oldSite),
        new: readers.new.readNode(newSite),
        context,
      });
    },
  };
}

/** Unites change lists without copying when one list (or none) has anything in it. */
function mergeSources(sources: (readonly RawChange[])[]): readonly RawChange[] {
  if (sources.length === 0) return NONE;
  if (sources.length === 1) return sources[0] as readonly RawChange[];
  const seen = new Set<RawChange>();
  for (const list of sources) for (const change of list) seen.add(change);
  return [...seen];
}
