import type { RequestUser } from '@svc/gate';
import { RelayedCapabilityError } from '../capabilities/capability-error.js';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import {
  type Capability,
  type CapabilityPolicy,
  defineCapability,
} from '../capabilities/capability-types.js';
import { DEFAULT_TIMEOUT_MS } from '../capabilities/invoke-capability.js';
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

/**
 * The who-may part of the executor's policy: a function is offered to exactly those its
 * executor would serve. Price, rate and concurrency are left to the executor's own `invoke`,
 * so one call is charged once, on the executor's meter target.
 */
function toFunctionPolicy(executor: CapabilityPolicy | undefined): CapabilityPolicy {
  const { role, permission, membership, host, readOnly } = executor ?? {};
  return {
    access: 'account',
    ...(role === undefined ? {} : { role }),
    ...(permission === undefined ? {} : { permission }),
    ...(membership === undefined ? {} : { membership }),
    ...(host === undefined ? {} : { host }),
    ...(readOnly === undefined ? {} : { readOnly }),
  };
}

/**
 * The capability `functions.<name>` of a definition: `parameters` is its input schema (the
 * registry validates calls against it without coercion), and `run` invokes the executor on
 * the same surface for the same caller — `action:<capability>` with the arguments as they
 * are, `script:<mode>` as `lmx.run` with the arguments as the script's `input`. An executor's
 * failure ends the call with the executor's own error payload.
 *
 * @example
 * registry.addSource({ prefix: 'functions.', list: async (user) => [toFunctionCapability(registry, definition, executor)] });
 */
export function toFunctionCapability(
  registry: CapabilityRegistry,
  definition: FunctionDefinition,
  executor: Capability | undefined,
): Capability {
  const target = definition.run.kind === 'action' ? (executor?.id ?? definition.run.capability) : 'lmx.run';
  return defineCapability<Record<string, unknown>, unknown>({
    id: toFunctionId(definition.name),
    plane: 'function',
    title: definition.description.split('\n')[0]?.slice(0, 120) ?? definition.name,
    description: definition.description,
    input: definition.parameters,
    policy: toFunctionPolicy(executor?.policy),
    timeoutMs: (executor?.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 1000,
    async run(args, context) {
      const run = definition.run;
      const executorArgs = run.kind === 'action' ? args : { mode: run.mode, source: run.source, input: args };
      const outcome = await registry.invoke(target, executorArgs, {
        user: context.user,
        surface: context.surface,
        signal: context.signal,
        log: context.log,
        trace: context.trace,
      });
      if (!outcome.ok) throw new RelayedCapabilityError(outcome.error);
      return outcome.result;
    },
  });
}
