import { MAX_HISTORY_LIMIT, MAX_TOKEN_AMOUNT, MAX_TOKEN_GRANT } from '@svc/gate';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

/** A ledger entry as the routes return it. */
export const ledgerEntrySchema = {
  type: 'object',
  required: [
    'id',
    'userId',
    'amount',
    'reason',
    'kind',
    'idempotencyKey',
    'balanceAfter',
    'actorId',
    'createdAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'Increases with every entry: newest entries have the highest ids.' },
    userId: { type: 'string' },
    amount: { type: 'integer', description: 'Signed: negative for spends.' },
    reason: { type: 'string' },
    kind: { type: 'string', enum: ['grant', 'spend', 'refund', 'purchase'] },
    idempotencyKey: { type: ['string', 'null'] },
    balanceAfter: { type: 'integer' },
    actorId: { type: ['string', 'null'], description: 'The admin who granted, for grants.' },
    createdAt: { type: 'integer', description: 'Epoch milliseconds.' },
  },
} as const;

const changeResponse = {
  type: 'object',
  required: ['balance', 'entry', 'replayed'],
  additionalProperties: false,
  properties: {
    balance: { type: 'integer', description: 'The balance right after this entry.' },
    entry: ledgerEntrySchema,
    replayed: { type: 'boolean', description: 'True when the idempotency key had been used: nothing moved.' },
  },
} as const;

const REASON = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const balanceSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['tokens'],
  summary: "The caller's token balance",
  response: {
    200: {
      type: 'object',
      required: ['balance'],
      additionalProperties: false,
      properties: { balance: { type: 'integer' } },
    },
    ...commonErrorResponses,
  },
} as const;

export const spendSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['tokens'],
  summary: "Spend tokens from the caller's wallet; a repeated idempotency key debits once",
  body: {
    type: 'object',
    required: ['amount', 'reason', 'idempotencyKey'],
    additionalProperties: false,
    properties: {
      amount: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_AMOUNT },
      reason: REASON,
      idempotencyKey: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  response: {
    200: changeResponse,
    ...commonErrorResponses,
    402: errorResponseSchema,
    409: errorResponseSchema,
  },
} as const;

export const historySchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['tokens'],
  summary: "The caller's ledger, newest first, a page at a time",
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      cursor: { type: 'string', minLength: 1, maxLength: 32 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_HISTORY_LIMIT },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['entries', 'nextCursor'],
      additionalProperties: false,
      properties: {
        entries: { type: 'array', items: ledgerEntrySchema },
        nextCursor: { type: ['string', 'null'], description: 'Pass as ?cursor= for older entries.' },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const grantSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['tokens'],
  summary: `Top up a user's wallet (admins; at most ${MAX_TOKEN_GRANT} tokens at a time)`,
  body: {
    type: 'object',
    required: ['userId', 'amount', 'reason'],
    additionalProperties: false,
    properties: {
      userId: { type: 'string', minLength: 1, maxLength: 64 },
      amount: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_GRANT },
      reason: REASON,
      idempotencyKey: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  response: { 200: changeResponse, ...commonErrorResponses, 409: errorResponseSchema },
} as const;
