import { randomUUID } from 'node:crypto';
import type { CapabilitySource } from '../capabilities/capability-source.js';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { WEBHOOK_INPUT, WEBHOOK_METER } from '../contracts/webhook-contract.js';
import { CapabilityError } from '../errors/capability-error.js';
import { ServerError } from '../errors/server-error.js';
import { resolveWebhookTarget } from './address-guard.js';
import type { IntegrationStore, PublicIntegration } from './integration-store.js';
import { type DeliveryAnswer, type DeliveryLimits, deliverWebhook } from './webhook-delivery.js';
import { signWebhook } from './webhook-signature.js';

/** What a call answers: the receiver's status and (bounded) body. */
export interface WebhookCallResult extends DeliveryAnswer {
  webhookId: string;
}

/** What integration capabilities need. */
export interface IntegrationCapabilityOptions {
  store: IntegrationStore;
  /** Hosts an admin allowed despite private or loopback addresses (lower case). */
  allowedHosts: readonly string[];
  limits: DeliveryLimits;
  now?: () => number;
}

function toCapability(
  integration: PublicIntegration,
  owner: string,
  options: IntegrationCapabilityOptions,
): Capability {
  const now = options.now ?? Date.now;
  return defineCapability<{ type: string; data: Record<string, unknown> }, WebhookCallResult>({
    id: `integrations.${integration.name}`,
    plane: 'integration',
    title: `Call the webhook ${integration.name}`,
    description: `Sends a signed event (Standard Webhooks) to ${new URL(integration.url).host}: { type, data } as { type, timestamp, data }. Answers { status, body, truncated, webhookId }.`,
    input: WEBHOOK_INPUT,
    policy: {
      access: 'account',
      meter: WEBHOOK_METER,
      rateLimit: { max: 60, windowMs: 60_000, per: 'user' },
    },
    timeoutMs: options.limits.timeoutMs + 5000,
    async run(args, context) {
      // Read again at call time: a webhook deleted or replaced since the listing is not called.
      const stored = await options.store.find(owner, integration.name);
      if (stored === undefined || context.user?.id !== owner)
        throw new CapabilityError('CAP_NOT_FOUND', `No integration ${integration.name}.`);
      const url = new URL(stored.url);
      const target = await resolveWebhookTarget(url.hostname, options.allowedHosts);
      const timestamp = Math.floor(now() / 1000);
      const id = `msg_${randomUUID()}`;
      const body = JSON.stringify({
        type: args.type,
        timestamp: new Date(timestamp * 1000).toISOString(),
        data: args.data,
      });
      const headers = {
        ...signWebhook({ secret: stored.secret, id, timestamp, body }),
        'user-agent': 'svc-webhooks/1',
      };
      const answer = await deliverWebhook({
        url,
        target,
        headers,
        body,
        signal: context.signal,
        limits: options.limits,
      });
      if (answer.status < 200 || answer.status > 299) {
        const redirect = answer.status >= 300 && answer.status < 400;
        // The receiver is the caller's: its answer is a failure of theirs, not of this server (424, charge kept).
        throw new ServerError(
          'INTEGRATION_RECEIVER_FAILED',
          redirect
            ? `The webhook ${integration.name} answered a redirect (${answer.status}), which is not followed.`
            : `The webhook ${integration.name} answered ${answer.status}.`,
          {
            details: {
              reason: 'status',
              status: answer.status,
              body: answer.body.slice(0, 1024),
              webhookId: id,
            },
          },
        );
      }
      return { ...answer, webhookId: id };
    },
  });
}

/**
 * The registry source of `integrations.<name>`: a signed-in caller's own webhooks, read at
 * listing and call time. A call resolves the host, refuses private and loopback addresses
 * unless allowed, connects to the checked address only, signs the body and POSTs it once.
 *
 * @example
 * registry.addSource(createIntegrationSource({ store, allowedHosts: config.integrations.allowedHosts, limits }));
 */
export function createIntegrationSource(options: IntegrationCapabilityOptions): CapabilitySource {
  return {
    prefix: 'integrations.',
    async list(user) {
      if (user === null) return [];
      const integrations = await options.store.list(user.id);
      return integrations.map((integration) => toCapability(integration, user.id, options));
    },
    async resolve(id, user) {
      if (user === null) return undefined;
      const stored = await options.store.find(user.id, id.slice('integrations.'.length));
      return stored === undefined ? undefined : toCapability(stored, user.id, options);
    },
  };
}
