/** A node of the dependency graph: a cell and the names its code refers to. */
export interface GraphCell {
  readonly id: string;
  readonly references: readonly string[];
}

/** A name a cell uses that is neither a cell nor a known global. */
export interface UnresolvedReference {
  readonly cell: string;
  readonly name: string;
}

/** The analysed graph, every list sorted so output is stable. */
export interface DependencyGraph {
  /** `[from, to]`: `to` uses `from`. */
  readonly edges: Array<[string, string]>;
  /** Layer k holds the cells whose dependencies are all in layers below k. */
  readonly layers: string[][];
  /** Each cycle as its cells, starting at the smallest id, in dependency order. */
  readonly cycles: string[][];
  /** Cells not in a cycle that cannot run because they depend on one. */
  readonly blocked: string[];
  readonly unresolved: UnresolvedReference[];
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const byText = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/**
 * Analyses the cells' references: edges between cells, layers in dependency order,
 * cycles (including a cell using itself), cells blocked behind a cycle and names that
 * resolve to nothing. Iterative throughout, so a long chain cannot exhaust the stack.
 *
 * @example
 * analyseDependencies([{ id: 'a', references: [] }, { id: 'b', references: ['a'] }], new Set());
 * // { edges: [['a', 'b']], layers: [['a'], ['b']], cycles: [], blocked: [], unresolved: [] }
 */
export function analyseDependencies(
  cells: readonly GraphCell[],
  globals: ReadonlySet<string>,
): DependencyGraph {
  const ids = new Set(cells.map((cell) => cell.id));
  const uses = new Map<string, string[]>();
  const edges: Array<[string, string]> = [];
  const unresolved: UnresolvedReference[] = [];
  for (const cell of cells) {
    const names = [...new Set(cell.references)].sort(byText);
    const dependencies = names.filter((name) => ids.has(name));
    uses.set(cell.id, dependencies);
    for (const name of dependencies) edges.push([name, cell.id]);
    for (const name of names)
      if (!ids.has(name) && !globals.has(name)) unresolved.push({ cell: cell.id, name });
  }
  edges.sort((left, right) => byText(left[0], right[0]) || byText(left[1], right[1]));
  unresolved.sort((left, right) => byText(left.cell, right.cell) || byText(left.name, right.name));

  // Kahn's algorithm, a layer at a time.
  const layers: string[][] = [];
  const waiting = new Map<string, number>();
  const usedBy = new Map<string, string[]>();
  for (const [id, dependencies] of uses) {
    waiting.set(id, dependencies.length);
    for (const dependency of dependencies) append(usedBy, dependency, id);
  }
  let layer = [...ids].filter((id) => waiting.get(id) === 0).sort(byText);
  while (layer.length > 0) {
    layers.push(layer);
    const next: string[] = [];
    for (const id of layer) {
      for (const user of usedBy.get(id) ?? []) {
        const left = (waiting.get(user) as number) - 1;
        waiting.set(user, left);
        if (left === 0) next.push(user);
      }
    }
    layer = next.sort(byText);
  }
  const pending = [...ids].filter((id) => (waiting.get(id) as number) > 0).sort(byText);
  const cycles = findCycles(pending, uses);
  const inCycle = new Set(cycles.flat());
  return { edges, layers, cycles, blocked: pending.filter((id) => !inCycle.has(id)), unresolved };
}

/** Tarjan's strongly connected components, iteratively, over the cells left unplaced. */
function findCycles(remaining: readonly string[], uses: ReadonlyMap<string, string[]>): string[][] {
  const members = new Set(remaining);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const inside = new Map(
    remaining.map((id) => [id, (uses.get(id) ?? []).filter((dependency) => members.has(dependency))]),
  );
  for (const root of remaining) {
    if (index.has(root)) continue;
    const work: Array<{ id: string; next: number }> = [{ id: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { id: string; next: number };
      const dependencies = inside.get(frame.id) ?? [];
      if (frame.next < dependencies.length) {
        const dependency = dependencies[frame.next] as string;
        frame.next += 1;
        if (!index.has(dependency)) {
          index.set(dependency, counter);
          low.set(dependency, counter);
          counter += 1;
          stack.push(dependency);
          onStack.add(dependency);
          work.push({ id: dependency, next: 0 });
        } else if (onStack.has(dependency)) {
          low.set(frame.id, Math.min(low.get(frame.id) as number, index.get(dependency) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id) as number, low.get(frame.id) as number));
      if (low.get(frame.id) !== index.get(frame.id)) continue;
      const component: string[] = [];
      for (;;) {
        const member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
        if (member === frame.id) break;
      }
      const selfLoop = component.length === 1 && (uses.get(frame.id) ?? []).includes(frame.id);
      if (component.length > 1 || selfLoop) cycles.push(orderCycle(component, inside));
    }
  }
  return cycles.sort((left, right) => byText(left[0] as string, right[0] as string));
}

/** Orders a cycle's cells along its edges (dependency first), starting at the smallest id. */
function orderCycle(component: string[], uses: ReadonlyMap<string, string[]>): string[] {
  const members = new Set(component);
  const usedBy = new Map<string, string[]>();
  for (const id of component) {
    for (const dependency of uses.get(id) ?? []) {
      if (members.has(dependency)) append(usedBy, dependency, id);
    }
  }
  const start = [...component].sort(byText)[0] as string;
  const order = [start];
  const seen = new Set(order);
  // Walk forwards: from a cell to a member that uses it, preferring the smallest id.
  for (let current = start; order.length < component.length; ) {
    const next = (usedBy.get(current) ?? []).filter((id) => !seen.has(id)).sort(byText)[0];
    if (!next) break;
    order.push(next);
    seen.add(next);
    current = next;
  }
  // A component can be more than one simple cycle; list any member the walk missed.
  for (const id of [...component].sort(byText)) if (!seen.has(id)) order.push(id);
  return order;
}

/**
 * Prints the graph for `GRAPH`: edges `a -> b`, `layer k: …`, `cycle: a -> b -> a`,
 * `blocked: c` and `unresolved: b uses zz`. An empty graph prints nothing.
 *
 * @example
 * describeDependencies({ edges: [['a', 'b']], layers: [['a'], ['b']], cycles: [], blocked: [], unresolved: [] });
 * // ['a -> b', 'layer 0: a', 'layer 1: b']
 */
export function describeDependencies(graph: DependencyGraph): string[] {
  return [
    ...graph.edges.map(([from, to]) => `${from} -> ${to}`),
    ...graph.layers.map((layer, depth) => `layer ${depth}: ${layer.join(', ')}`),
    ...graph.cycles.map((cycle) => `cycle: ${[...cycle, cycle[0]].join(' -> ')}`),
    ...(graph.blocked.length > 0 ? [`blocked by a cycle: ${graph.blocked.join(', ')}`] : []),
    ...graph.unresolved.map((reference) => `unresolved: ${reference.cell} uses ${reference.name}`),
  ];
}
