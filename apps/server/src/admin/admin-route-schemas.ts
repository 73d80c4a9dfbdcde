import { DEFAULT_ACCOUNT_PAGE, MAX_ACCOUNT_PAGE, MAX_ACCOUNT_SEARCH, MAX_TOKEN_GRANT } from '@svc/gate';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { ADMIN_AUDIT_ACTIONS, MAX_AUDIT_PAGE } from '../plugins/admin-audit-log.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

const TAGS = ['admin'];
const EPOCH_MS = { type: 'integer', description: 'Epoch milliseconds.' } as const;

const userParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, description: "The user's id." } },
} as const;

const membershipSchema = {
  type: 'object',
  required: ['plan', 'status', 'features', 'periodEnd'],
  additionalProperties: false,
  properties: {
    plan: { type: ['string', 'null'], description: 'The plan id, null without one.' },
    status: {
      type: 'string',
      description: '`none` until a plan is granted or bought; `active`, `canceled`, …',
    },
    features: { type: 'array', items: { type: 'string' } },
    periodEnd: { type: ['integer', 'null'], description: 'Epoch milliseconds; null for grants.' },
  },
} as const;

/** An account as the admin API answers it. */
export const accountSchema = {
  type: 'object',
  required: [
    'id',
    'email',
    'roles',
    'permissions',
    'emailVerified',
    'createdAt',
    'disabledAt',
    'membership',
    'balance',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    permissions: {
      type: 'array',
      items: { type: 'string' },
      description: 'What the roles grant (the role → permission map); `*` is every permission.',
    },
    emailVerified: { type: 'boolean' },
    createdAt: EPOCH_MS,
    disabledAt: {
      type: ['integer', 'null'],
      description: 'When the account was disabled; null while enabled.',
    },
    membership: membershipSchema,
    balance: { type: 'integer', description: 'Whole tokens in the wallet.' },
  },
} as const;

const accountResponses = { 200: accountSchema, ...commonErrorResponses, 409: errorResponseSchema } as const;

export const listUsersSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'List and search accounts by email (admins)',
  description: `Accounts ordered by email. \`search\` keeps those whose email contains it, ignoring case (\`%\` and \`_\` match themselves). Paged by \`offset\` and \`limit\` (default ${DEFAULT_ACCOUNT_PAGE}, at most ${MAX_ACCOUNT_PAGE}); \`total\` counts every match.`,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      search: { type: 'string', maxLength: MAX_ACCOUNT_SEARCH },
      offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_ACCOUNT_PAGE },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['users', 'total', 'offset', 'limit'],
      additionalProperties: false,
      properties: {
        users: { type: 'array', items: accountSchema },
        total: { type: 'integer' },
        offset: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const readUserSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'Read one account (admins)',
  params: userParams,
  response: { 200: accountSchema, ...commonErrorResponses },
} as const;

export const setRolesSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: "Replace an account's roles (admins; audited)",
  description:
    "Role names must be keys of the role → permission map (see `GET /api/admin/roles`). Removing `admin` from the last enabled admin answers 409 `GATE_LAST_ADMIN`. The account's sessions and keys see the change on their next request, on every instance.",
  params: userParams,
  body: {
    type: 'object',
    required: ['roles'],
    additionalProperties: false,
    properties: {
      roles: { type: 'array', maxItems: 16, items: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' } },
    },
  },
  response: accountResponses,
} as const;

export const disableSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'Disable an account (admins; audited)',
  description:
    "Revokes every session and stops the account's API keys at once, on every instance; its data stays. Signing in answers 403 `GATE_ACCOUNT_DISABLED`. Nobody can disable their own account (403 `GATE_FORBIDDEN`) nor the last enabled admin (409 `GATE_LAST_ADMIN`). Idempotent.",
  params: userParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { reason: { type: 'string', maxLength: 500, description: 'Kept in the audit log.' } },
  },
  response: accountResponses,
} as const;

export const enableSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'Re-enable a disabled account (admins; audited)',
  description: 'Its API keys work again; its sessions stay revoked (the user signs in again). Idempotent.',
  params: userParams,
  response: accountResponses,
} as const;

export const listSessionsSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: "List an account's live sessions (admins)",
  params: userParams,
  response: {
    200: {
      type: 'object',
      required: ['sessions'],
      additionalProperties: false,
      properties: {
        sessions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'createdAt', 'expiresAt', 'userAgent', 'lastSeenAt', 'clientAddress'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              createdAt: EPOCH_MS,
              expiresAt: EPOCH_MS,
              userAgent: { type: ['string', 'null'] },
              lastSeenAt: {
                type: ['integer', 'null'],
                description: 'Epoch ms, to the minute; null before migration 0005.',
              },
              clientAddress: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const revokeSessionSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: "Revoke one of an account's sessions (admins; audited)",
  params: {
    type: 'object',
    required: ['id', 'sessionId'],
    additionalProperties: false,
    properties: { id: userParams.properties.id, sessionId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  response: { 204: { type: 'null' }, ...commonErrorResponses },
} as const;

export const endAllSessionsSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'End every live session of an account at once (admins; audited); its API keys are kept',
  params: userParams,
  response: {
    200: {
      type: 'object',
      required: ['ended'],
      additionalProperties: false,
      properties: { ended: { type: 'integer', description: 'How many live sessions were ended.' } },
    },
    ...commonErrorResponses,
  },
} as const;

export const listKeysSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: "List an account's live API keys (admins)",
  params: userParams,
  response: {
    200: {
      type: 'object',
      required: ['keys'],
      additionalProperties: false,
      properties: {
        keys: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              prefix: { type: 'string', description: 'The first characters of the key.' },
              createdAt: EPOCH_MS,
              lastUsedAt: { type: ['integer', 'null'] },
            },
          },
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const revokeKeySchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: "Revoke one of an account's API keys (admins; audited)",
  params: {
    type: 'object',
    required: ['id', 'keyId'],
    additionalProperties: false,
    properties: { id: userParams.properties.id, keyId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  response: { 204: { type: 'null' }, ...commonErrorResponses },
} as const;

export const grantMembershipSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'Grant a plan to an account, or end its grant with null (admins; audited)',
  params: userParams,
  body: {
    type: 'object',
    required: ['plan'],
    additionalProperties: false,
    properties: {
      plan: { type: ['string', 'null'], maxLength: 64, description: 'A plan id of `GET /api/admin/roles`.' },
    },
  },
  response: accountResponses,
} as const;

export const grantTokensSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: `Top up an account's wallet (admins; audited; at most ${MAX_TOKEN_GRANT} tokens at a time)`,
  params: userParams,
  body: {
    type: 'object',
    required: ['amount', 'reason'],
    additionalProperties: false,
    properties: {
      amount: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_GRANT },
      reason: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  response: accountResponses,
} as const;

export const rolesCatalogueSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'The roles (with their permissions) and plans an admin can give (admins)',
  response: {
    200: {
      type: 'object',
      required: ['roles', 'plans'],
      additionalProperties: false,
      properties: {
        roles: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'permissions'],
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              permissions: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        plans: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'features'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              features: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const auditSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: TAGS,
  summary: 'Read the admin audit log, newest first (admins)',
  description: `Who did what to whom and when: every action of this API and of \`PUT /auth/users/{id}/roles\`, \`POST /membership/grant\`, \`POST /tokens/grant\` and an admin's \`DELETE /keys/{id}\` of another user's key. Paged by \`cursor\` (the previous page's \`nextCursor\`); \`limit\` at most ${MAX_AUDIT_PAGE}; \`userId\` keeps the actions on one account.`,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      cursor: { type: 'string', minLength: 1, maxLength: 200 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_AUDIT_PAGE },
      userId: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['entries', 'nextCursor'],
      additionalProperties: false,
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'actor', 'action', 'target', 'details', 'createdAt'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              actor: {
                type: 'object',
                required: ['id', 'email'],
                additionalProperties: false,
                properties: { id: { type: 'string' }, email: { type: 'string' } },
              },
              action: { type: 'string', enum: [...ADMIN_AUDIT_ACTIONS] },
              target: {
                type: ['object', 'null'],
                required: ['userId', 'email'],
                additionalProperties: false,
                properties: { userId: { type: 'string' }, email: { type: ['string', 'null'] } },
              },
              details: { type: 'object', additionalProperties: true },
              createdAt: EPOCH_MS,
            },
          },
        },
        nextCursor: { type: ['string', 'null'] },
      },
    },
    ...commonErrorResponses,
  },
} as const;
