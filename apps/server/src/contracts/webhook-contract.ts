// The contract of a user webhook (`integrations.<name>`): the integrations area defines the
// capability, automations offer it as an action. Neither imports the other.

/** An integration name: the capability is `integrations.<name>`. */
export const INTEGRATION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The meter target every webhook call is charged (one price for all of a user's webhooks). */
export const WEBHOOK_METER = 'tool:integrations.webhook';

/** The arguments of `integrations.<name>`: the event type and its data, sent as `{ type, timestamp, data }`. */
export const WEBHOOK_INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{1,100}$',
      default: 'svc.call',
      description: 'The event type, e.g. book.exported.',
    },
    data: { type: 'object', additionalProperties: true, default: {}, description: 'The event data.' },
  },
} as const;
