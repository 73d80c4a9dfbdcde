import { RelayedCapabilityError } from '../errors/capability-error.js';
import type { CapabilityRegistry } from './capability-registry.js';
import {
  type Capability,
  type CapabilityDelegation,
  type CapabilityPolicy,
  defineCapability,
  type JsonSchema,
  type Plane,
} from './capability-types.js';
import { DEFAULT_TIMEOUT_MS } from './invoke-capability.js';

/** What {@link defineDelegateCapability} builds a delegate from. */
export interface DelegateDefinition<Args> {
  id: string;
  plane: Plane;
  title: string;
  description: string;
  /**
   * The capability the delegate stands for: its who-may policy, input schema, deadline and meter
   * are taken from here. Undefined when the target is only known per call (a user's webhook,
   * `lmx.run` behind a script function): the policy is then `account` alone.
   */
  target: Capability | undefined;
  /** The argument schema; the target's own (the same object, never a copy) when absent. */
  input?: JsonSchema;
  /** The nested call; the target with the arguments as they are when absent. */
  toCall?(args: Args): { id: string; args: unknown };
  /** Where calls go, when `target` cannot say (a target chosen per call). */
  delegate?: CapabilityDelegation;
}

/**
 * The who-may part of a target's policy: a delegate is offered to exactly those the target would
 * serve (signed-in callers only). Price, rate and concurrency are left to the target's own
 * `invoke`, so one call is charged once, on the target's meter.
 *
 * @example
 * toDelegatePolicy(dream.policy); // { access: 'account', membership: 'intelligence' }
 */
export function toDelegatePolicy(target: CapabilityPolicy | undefined): CapabilityPolicy {
  const { role, permission, membership, host, readOnly } = target ?? {};
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
 * A capability that delegates to another: it declares no schema or price of its own (the
 * target's schema, {@link toDelegatePolicy} of its policy), and `run` is
 * `registry.invoke(target, args)` for the same caller on the same surface, with the same signal,
 * logger and trace; the target's failure ends the call with the target's own error payload
 * ({@link RelayedCapabilityError}). Its deadline is one second past the target's, so the
 * target's own timeout answers first.
 *
 * @example
 * const dream = registry.get('dreamer.dream');
 * if (dream) defineDelegateCapability(registry, { id: 'automations.dream', plane: 'automation', title: dream.title, description: dream.description, target: dream });
 */
export function defineDelegateCapability<Args extends Record<string, unknown>>(
  registry: Pick<CapabilityRegistry, 'invoke'>,
  definition: DelegateDefinition<Args>,
): Capability {
  const { target } = definition;
  const input = definition.input ?? target?.input;
  if (input === undefined) throw new TypeError(`The delegate ${definition.id} needs an input schema.`);
  const delegate =
    definition.delegate ??
    (target === undefined
      ? undefined
      : {
          target: target.id,
          ...(target.policy.meter === undefined ? {} : { meter: target.policy.meter }),
        });
  const targetId = target?.id;
  const toCall =
    definition.toCall ??
    (targetId === undefined
      ? undefined
      : (args: Args): { id: string; args: unknown } => ({ id: targetId, args }));
  if (toCall === undefined) throw new TypeError(`The delegate ${definition.id} needs a target or toCall.`);
  return defineCapability<Args, unknown>({
    id: definition.id,
    plane: definition.plane,
    title: definition.title,
    description: definition.description,
    input,
    policy: toDelegatePolicy(target?.policy),
    timeoutMs: (target?.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 1000,
    ...(delegate === undefined ? {} : { delegate }),
    async run(args, context) {
      const call = toCall(args);
      const outcome = await registry.invoke(call.id, call.args, {
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
