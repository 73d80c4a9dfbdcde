import type { Mailer, RequestUser } from '@svc/gate';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { CapabilitySource } from '../capabilities/capability-source.js';
import type { Capability } from '../capabilities/capability-types.js';
import { defineDelegateCapability } from '../capabilities/delegate-capability.js';
import { INTEGRATION_NAME_PATTERN, WEBHOOK_INPUT, WEBHOOK_METER } from '../contracts/webhook-contract.js';
import { createNotifyCapability } from './automation-notify.js';

/** The id prefix of the automation plane: `automations.<action>`. */
export const AUTOMATION_ACTION_PREFIX = 'automations.';

/** The actions that are another capability under an automation's name: `automations.<action>` → target. */
export const DELEGATED_ACTIONS = {
  dream: 'dreamer.dream',
  generatePage: 'activity-pages.generatePage',
  exportBook: 'activity-pages.exportBook',
} as const;

/** The event type a webhook step sends when its arguments name none. */
export const WEBHOOK_ACTION_EVENT = 'automation.webhook';

const WEBHOOK_ACTION_INPUT = {
  type: 'object',
  required: ['integration'],
  additionalProperties: false,
  properties: {
    integration: {
      type: 'string',
      pattern: INTEGRATION_NAME_PATTERN.source,
      description: 'The name of one of your integrations (integrations.<name>).',
    },
    payload: { type: 'object', additionalProperties: true, default: {}, description: 'The event data.' },
    type: { ...WEBHOOK_INPUT.properties.type, default: WEBHOOK_ACTION_EVENT },
  },
} as const;

/** Up to the first full stop followed by a space (or the whole text). */
const firstSentence = (text: string): string => {
  const end = text.indexOf('. ');
  return end === -1 ? text : text.slice(0, end + 1);
};

function createWebhookAction(registry: CapabilityRegistry): Capability {
  return defineDelegateCapability<{ integration: string; payload: Record<string, unknown>; type: string }>(
    registry,
    {
      id: `${AUTOMATION_ACTION_PREFIX}webhook`,
      plane: 'automation',
      title: 'Call one of your webhooks',
      description:
        'Sends { type, data: payload } as a signed event (Standard Webhooks) to your integration `integration`, exactly as integrations.<integration> does, charged there: { status, body, truncated, webhookId }.',
      input: WEBHOOK_ACTION_INPUT,
      // The integration is chosen per call: its own policy (rate limit, meter) applies when invoked.
      target: undefined,
      toCall: ({ integration, payload, type }) => ({
        id: `integrations.${integration}`,
        args: { type, data: payload },
      }),
      delegate: { target: 'integrations.<integration>', meter: WEBHOOK_METER },
    },
  );
}

/**
 * The registry source of the automation plane, `automations.<action>`: `dream`, `generatePage`
 * and `exportBook` delegate to `dreamer.dream`, `activity-pages.generatePage` and
 * `activity-pages.exportBook` (their schema and who-may policy, charged on their meter — see
 * {@link defineDelegateCapability}) and exist only while their target is registered; `notify`
 * mails the caller; `webhook` calls one of the caller's integrations. A source rather than
 * registered capabilities because the delegates follow their targets at call time, whatever
 * order the plugins registered in.
 *
 * @example
 * registry.addSource(createAutomationSource({ registry, mailer }));
 */
export function createAutomationSource(options: {
  registry: CapabilityRegistry;
  mailer: Mailer;
}): CapabilitySource {
  const { registry } = options;
  const fixed = [createNotifyCapability(options.mailer), createWebhookAction(registry)];
  // One delegate per target object: rebuilt only if the target is ever replaced.
  const delegates = new Map<string, { target: Capability; capability: Capability }>();
  const delegateFor = (action: string, targetId: string): Capability[] => {
    const target = registry.get(targetId);
    if (target === undefined) return [];
    const known = delegates.get(action);
    if (known?.target === target) return [known.capability];
    const capability = defineDelegateCapability(registry, {
      id: `${AUTOMATION_ACTION_PREFIX}${action}`,
      plane: 'automation',
      title: target.title,
      // Short: the target's full description would make DISCOVER answer every hit twice.
      description: `The automation action ${action}: ${target.id} with the same arguments and policy, charged as ${target.id}. ${firstSentence(target.description)}`,
      target,
    });
    delegates.set(action, { target, capability });
    return [capability];
  };
  const list = (): Capability[] =>
    [
      ...Object.entries(DELEGATED_ACTIONS).flatMap(([action, targetId]) => delegateFor(action, targetId)),
      ...fixed,
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    prefix: AUTOMATION_ACTION_PREFIX,
    // Offered to everyone; the registry filters by policy (all of them need an account).
    list: async () => list(),
    resolve: async (id) => list().find((capability) => capability.id === id),
  };
}

/**
 * The capability an automation step's `action` names, for its owner: a bare name is an
 * automation action first (`dream` → `automations.dream`), then, as any name, a capability id
 * (`dreamer.validatePipeline`, `integrations.hook`) or an MCP tool name (`buildBook`). Undefined
 * when nothing answers to it.
 *
 * @example
 * const capability = await resolveStepAction(registry, 'dream', owner); // automations.dream
 */
export async function resolveStepAction(
  registry: CapabilityRegistry,
  action: string,
  user: RequestUser,
): Promise<Capability | undefined> {
  if (!action.includes('.')) {
    const own = await registry.resolve(`${AUTOMATION_ACTION_PREFIX}${action}`, user);
    if (own !== undefined) return own;
  }
  return (await registry.resolve(action, user)) ?? (await registry.resolveByMcpName(action, user));
}
