import type { FastifyRequest } from 'fastify';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

/** Checkout, portal and cancel calls per client IP per minute: each one calls Stripe. */
export const MEMBERSHIP_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/** The route `config.rateLimit` of the routes that call the processor. */
export const membershipRateLimit = {
  ...MEMBERSHIP_RATE_LIMIT,
  keyGenerator: (request: FastifyRequest) => request.ip,
};

const paidErrors = { ...commonErrorResponses, 409: errorResponseSchema, 501: errorResponseSchema } as const;

export const membershipViewSchema = {
  type: 'object',
  required: ['plan', 'status', 'features', 'periodEnd', 'cancelAtPeriodEnd', 'source'],
  additionalProperties: false,
  properties: {
    plan: { type: ['string', 'null'] },
    status: {
      type: 'string',
      description: "`none`, or Stripe's subscription status (`active`, `trialing`, `past_due`, `canceled`…).",
    },
    features: {
      type: 'array',
      items: { type: 'string' },
      description: 'Granted only while `active` or `trialing`.',
    },
    periodEnd: { type: ['integer', 'null'], description: 'End of the paid period, epoch milliseconds.' },
    cancelAtPeriodEnd: { type: 'boolean' },
    source: {
      type: ['string', 'null'],
      description: '`stripe`, `grant`, or null when the user never had one.',
    },
  },
} as const;

export const plansSchema = {
  tags: ['membership'],
  summary: 'List the plans and token packs on offer (public)',
  response: {
    200: {
      type: 'object',
      required: ['plans', 'packs', 'purchasable'],
      additionalProperties: false,
      properties: {
        plans: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'features', 'tokensPerPeriod', 'available'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              features: { type: 'array', items: { type: 'string' } },
              tokensPerPeriod: { type: 'integer' },
              available: { type: 'boolean', description: 'A price is configured: it can be bought.' },
            },
          },
        },
        packs: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'tokens', 'available'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              tokens: { type: 'integer' },
              available: { type: 'boolean' },
            },
          },
        },
        purchasable: { type: 'boolean', description: 'False until PAY_SECRET_KEY is configured.' },
      },
    },
    429: errorResponseSchema,
  },
} as const;

export const readSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['membership'],
  summary: "The caller's plan, status, features and period end",
  response: { 200: membershipViewSchema, ...commonErrorResponses },
} as const;

const urlResponse = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: { url: { type: 'string' } },
} as const;

export const checkoutSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['membership'],
  summary: 'Start a Stripe Checkout for a plan (subscription) or a token pack (one-time); returns its URL',
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
    properties: {
      plan: { type: 'string', minLength: 1, maxLength: 64 },
      pack: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: { 200: urlResponse, ...paidErrors },
} as const;

export const portalSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['membership'],
  summary: "Open the Stripe billing portal for the caller's own customer; returns its URL",
  response: { 200: urlResponse, ...paidErrors },
} as const;

export const cancelSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['membership'],
  summary: "Cancel the caller's subscription at the end of the paid period",
  response: { 200: membershipViewSchema, ...paidErrors },
} as const;

export const grantSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['membership'],
  summary: 'Grant a plan to a user, or revoke it with null, without Stripe (admin)',
  body: {
    type: 'object',
    required: ['userId', 'plan'],
    additionalProperties: false,
    properties: {
      userId: { type: 'string', minLength: 1, maxLength: 100 },
      plan: { type: ['string', 'null'], maxLength: 64 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['userId', 'membership'],
      additionalProperties: false,
      properties: { userId: { type: 'string' }, membership: membershipViewSchema },
    },
    ...commonErrorResponses,
  },
} as const;

export const webhookSchema = {
  tags: ['membership'],
  summary: 'Stripe webhook: signed events (Stripe-Signature) update memberships; idempotent by event id',
  response: {
    200: {
      type: 'object',
      required: ['received', 'duplicate'],
      additionalProperties: false,
      properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } },
    },
    400: errorResponseSchema,
    501: errorResponseSchema,
  },
} as const;
