/** The result of ordering named entries by their dependencies. */
export interface DependencyOrder {
  /** Entry names, each after everything it depends on (cyclic entries left out). */
  order: string[];
  /** Each cycle once, as the names along it, starting with its first name in source order. */
  cycles: string[][];
}

/**
 * Orders entries so each comes after its dependencies (stable: source order among
 * independent entries) and finds every cycle. Iterative, so a long chain cannot overflow
 * the stack.
 *
 * @example
 * ```ts
 * orderByDependencies(['a', 'b'], new Map([['a', ['b']], ['b', []]])); // { order: ['b', 'a'], cycles: [] }
 * ```
 */
export function orderByDependencies(
  names: readonly string[],
  dependencies: ReadonlyMap<string, readonly string[]>,
): DependencyOrder {
  const state = new Map<string, 'visiting' | 'done' | 'cyclic'>();
  const order: string[] = [];
  const cycles: string[][] = [];
  for (const root of names) {
    if (state.has(root)) continue;
    const stack: { name: string; next: number }[] = [{ name: root, next: 0 }];
    state.set(root, 'visiting');
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { name: string; next: number };
      const needs = (dependencies.get(top.name) ?? []).filter((name) => dependencies.has(name));
      if (top.next < needs.length) {
        const child = needs[top.next++] as string;
        const seen = state.get(child);
        if (seen === undefined) {
          state.set(child, 'visiting');
          stack.push({ name: child, next: 0 });
        } else if (seen === 'visiting') {
          const start = stack.findIndex((frame) => frame.name === child);
          const cycle = stack.slice(start).map((frame) => frame.name);
          for (const name of cycle) state.set(name, 'cyclic');
          cycles.push(rotateToFirst(cycle, names));
        }
        continue;
      }
      stack.pop();
      if (state.get(top.name) === 'visiting') {
        const blocked = needs.some((name) => state.get(name) === 'cyclic');
        state.set(top.name, blocked ? 'cyclic' : 'done');
        if (!blocked) order.push(top.name);
      }
    }
  }
  return { order, cycles };
}

function rotateToFirst(cycle: string[], names: readonly string[]): string[] {
  let best = 0;
  for (let index = 1; index < cycle.length; index++) {
    if (names.indexOf(cycle[index] as string) < names.indexOf(cycle[best] as string)) best = index;
  }
  return [...cycle.slice(best), ...cycle.slice(0, best)];
}
