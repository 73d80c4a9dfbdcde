import type { RequestUser } from '@svc/gate';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { Capability, CapabilityDelegation } from '../capabilities/capability-types.js';
import { defineDelegateCapability } from '../capabilities/delegate-capability.js';
import type { FunctionDefinition } from './function-definition.js';

/** The capability id of function `name`. */
export const toFunctionId = (name: string): string => `functions.${name}`;

/** The capability an executor names: an id, else an MCP tool name (`dream` → `dreamer.dream`). */
export async function resolveExecutor(
  registry: CapabilityRegistry,
  capability: string,
  user: RequestUser | null,
): Promise<Capability | undefined> {
  return (await registry.resolve(capability, user)) ?? (await registry.resolveByMcpName(capability, user));
}

function toScriptDelegation(registry: CapabilityRegistry): CapabilityDelegation {
  const meter = registry.get('lmx.run')?.policy.meter;
  return { target: 'lmx.run', ...(meter === undefined ? {} : { meter }) };
}

/**
 * The capability `functions.<name>` of a definition: a delegate ({@link defineDelegateCapability})
 * whose input schema is `parameters` (the registry validates calls against it without coercion)
 * and whose `run` invokes the executor on the same surface for the same caller —
 * `action:<capability>` with the arguments as they are, `script:<mode>` as `lmx.run` with the
 * arguments as the script's `input`. Its policy is the who-may part of the executor's, so one
 * call is charged once, on the executor's meter target; an executor's failure ends the call with
 * the executor's own error payload.
 *
 * @example
 * registry.addSource({ prefix: 'functions.', list: async (user) => [toFunctionCapability(registry, definition, executor)] });
 */
export function toFunctionCapability(
  registry: CapabilityRegistry,
  definition: FunctionDefinition,
  executor: Capability | undefined,
): Capability {
  const run = definition.run;
  const target = run.kind === 'action' ? (executor?.id ?? run.capability) : 'lmx.run';
  return defineDelegateCapability<Record<string, unknown>>(registry, {
    id: toFunctionId(definition.name),
    plane: 'function',
    title: definition.description.split('\n')[0]?.slice(0, 120) ?? definition.name,
    description: definition.description,
    input: definition.parameters,
    target: executor,
    toCall: (args) => ({
      id: target,
      args: run.kind === 'action' ? args : { mode: run.mode, source: run.source, input: args },
    }),
    // A script function's target is `lmx.run`, whose policy is not the function's (any signed-in caller).
    ...(executor === undefined ? { delegate: toScriptDelegation(registry) } : {}),
  });
}
