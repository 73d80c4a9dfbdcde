import { summarizePolicy } from '../capabilities/capability-policy.js';
import type { Capability } from '../capabilities/capability-types.js';

/** One function of a system, as `GET /api/adapters` lists it. */
export interface AdapterFunctionSummary {
  name: string;
  id: string;
  title: string;
  description: string;
  argsSchema: Record<string, unknown>;
  policy: ReturnType<typeof summarizePolicy>;
}

/**
 * Groups the `adapter`-plane capabilities by system (`activity-pages`, `dreamer`, `spec`, …),
 * systems and functions in code-unit order.
 *
 * @example
 * toAdapterSystems(registry.list()); // [{ system: 'activity-pages', functions: [{ name: 'buildBook', … }] }, …]
 */
export function toAdapterSystems(
  capabilities: readonly Capability[],
): { system: string; functions: AdapterFunctionSummary[] }[] {
  const systems = new Map<string, AdapterFunctionSummary[]>();
  for (const capability of capabilities) {
    if (capability.plane !== 'adapter') continue;
    const dot = capability.id.indexOf('.');
    const system = capability.id.slice(0, dot);
    const functions = systems.get(system) ?? [];
    functions.push({
      name: capability.id.slice(dot + 1),
      id: capability.id,
      title: capability.title,
      description: capability.description,
      argsSchema: capability.input,
      policy: summarizePolicy(capability.policy),
    });
    systems.set(system, functions);
  }
  const byName = <T>(a: [string, T] | { name: string }, b: [string, T] | { name: string }): number => {
    const left = Array.isArray(a) ? a[0] : a.name;
    const right = Array.isArray(b) ? b[0] : b.name;
    return left < right ? -1 : left > right ? 1 : 0;
  };
  return [...systems.entries()]
    .sort(byName)
    .map(([system, functions]) => ({ system, functions: functions.sort(byName) }));
}
