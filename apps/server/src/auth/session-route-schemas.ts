import { commonErrorResponses } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY as SIGNED_IN } from '../plugins/openapi-plugin.js';

// Route schemas of a person's own sessions (issue 27, sessions).

const EPOCH_MS = { type: 'integer', description: 'Epoch milliseconds.' } as const;

const ownSessionSchema = {
  type: 'object',
  required: ['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'clientAddress', 'userAgent', 'current'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    createdAt: EPOCH_MS,
    lastSeenAt: {
      type: ['integer', 'null'],
      description: 'When a request last used it (epoch ms, written at most once a minute).',
    },
    expiresAt: EPOCH_MS,
    clientAddress: { type: ['string', 'null'], description: 'The address that signed in.' },
    userAgent: { type: ['string', 'null'] },
    current: { type: 'boolean', description: 'True for the session making this request.' },
  },
} as const;

export const listOwnSessionsSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'My live sessions, newest first, the current one flagged',
  response: {
    200: {
      type: 'object',
      required: ['sessions'],
      additionalProperties: false,
      properties: { sessions: { type: 'array', items: ownSessionSchema } },
    },
    ...commonErrorResponses,
  },
} as const;

export const endOwnSessionSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: "End one of my sessions at once (another person's session id is a 404)",
  params: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  response: { 204: { description: 'Done.', type: 'null' }, ...commonErrorResponses },
} as const;

export const endOtherSessionsSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'End every session of mine but the one making this request; API keys are kept',
  response: {
    200: {
      type: 'object',
      required: ['ended'],
      additionalProperties: false,
      properties: { ended: { type: 'integer', description: 'How many sessions were ended.' } },
    },
    ...commonErrorResponses,
  },
} as const;
