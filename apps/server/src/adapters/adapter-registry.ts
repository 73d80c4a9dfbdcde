import type { AdapterDefinition, AdapterFunction, AdapterSummary } from './adapter-types.js';
import { specAdapter } from './spec-adapter.js';

export type {
  AdapterContext,
  AdapterDefinition,
  AdapterFunction,
  AdapterSummary,
  JsonSchema,
} from './adapter-types.js';
export { defineAdapterFunction } from './adapter-types.js';

/** The adapters a server offers. Reads are by exact name; no prototype member is ever a function. */
export interface AdapterRegistry {
  /** Every system and its functions, sorted by name. */
  list(): AdapterSummary[];
  /** The function `fn` of `system`, or undefined. */
  get(system: string, fn: string): AdapterFunction | undefined;
  /** Adds a system; throws on a bad or taken name. Routes see it at once. */
  register(definition: AdapterDefinition): void;
}

const SYSTEM_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

// Code-unit order, so listings do not depend on the host's locale.
function compareNames([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The adapters every server has unless told otherwise. */
export const BUILT_IN_ADAPTERS: readonly AdapterDefinition[] = [specAdapter];

/**
 * Creates an adapter registry; by default it holds the built-in adapters ({@link BUILT_IN_ADAPTERS}).
 *
 * @example
 * const registry = createAdapterRegistry([...BUILT_IN_ADAPTERS, weatherAdapter]);
 * await buildServer({ config, adapters: registry });
 */
export function createAdapterRegistry(
  definitions: readonly AdapterDefinition[] = BUILT_IN_ADAPTERS,
): AdapterRegistry {
  const systems = new Map<string, { description: string; functions: Map<string, AdapterFunction> }>();

  function register(definition: AdapterDefinition): void {
    if (!SYSTEM_NAME.test(definition.system))
      throw new TypeError(`Bad adapter system name "${definition.system}".`);
    if (systems.has(definition.system))
      throw new TypeError(`Adapter system "${definition.system}" is already registered.`);
    const functions = new Map<string, AdapterFunction>();
    for (const [name, fn] of Object.entries(definition.functions)) {
      if (!FUNCTION_NAME.test(name))
        throw new TypeError(`Bad adapter function name "${definition.system}.${name}".`);
      if (fn.argsSchema.type !== 'object') {
        throw new TypeError(`The argsSchema of ${definition.system}.${name} must have type "object".`);
      }
      functions.set(name, fn);
    }
    systems.set(definition.system, { description: definition.description, functions });
  }

  for (const definition of definitions) register(definition);

  return {
    list() {
      return [...systems.entries()].sort(compareNames).map(([system, entry]) => ({
        system,
        description: entry.description,
        functions: [...entry.functions.entries()]
          .sort(compareNames)
          .map(([name, fn]) => ({ name, description: fn.description, argsSchema: fn.argsSchema })),
      }));
    },
    get(system, fn) {
      return systems.get(system)?.functions.get(fn);
    },
    register,
  };
}
