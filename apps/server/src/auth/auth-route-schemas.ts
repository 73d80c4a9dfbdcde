import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY as SIGNED_IN } from '../plugins/openapi-plugin.js';
import { secondFactorChallengeSchema } from './second-factor-challenge-schema.js';

// Route schemas of the /auth area, split from auth-routes.ts so the handlers read on one screen.

/** A user as clients see it (never the password hash). */
export const publicUserSchema = {
  type: 'object',
  required: ['id', 'email', 'roles', 'emailVerified', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    emailVerified: { type: 'boolean' },
    createdAt: { type: 'integer', description: 'Epoch milliseconds.' },
  },
} as const;

/** The signed-in user of a request: `req.user` without the credential id. */
export const requestUserSchema = {
  type: 'object',
  required: [
    'id',
    'email',
    'roles',
    'permissions',
    'membership',
    'isAdmin',
    'isDeveloper',
    'isStaff',
    'emailVerified',
    'via',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    permissions: { type: 'array', items: { type: 'string' } },
    membership: {
      type: 'object',
      required: ['plan', 'status', 'features', 'periodEnd'],
      additionalProperties: false,
      properties: {
        plan: { type: ['string', 'null'] },
        status: { type: 'string' },
        features: { type: 'array', items: { type: 'string' } },
        periodEnd: { type: ['integer', 'null'] },
      },
    },
    isAdmin: { type: 'boolean' },
    isDeveloper: { type: 'boolean' },
    isStaff: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
    via: { type: 'string', enum: ['session', 'api-key'] },
  },
} as const;

// Bounds here only stop absurd input early; the gate applies the real rules (12–128 code
// points, email syntax) and answers with its own codes.
const email = { type: 'string', minLength: 1, maxLength: 320 } as const;
const password = { type: 'string', minLength: 1, maxLength: 1024 } as const;
const noContent = { description: 'Done.', type: 'null' } as const;

/** Closed bodies: an unknown property (role, roles, isAdmin, emailVerified, balance…) is a 400. */
function closedBody<P extends Record<string, unknown>>(properties: P) {
  return {
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  } as const;
}

export const signupSchema = {
  tags: ['auth'],
  summary: 'Create an account (member, unverified unless AUTH_AUTO_VERIFY); mails a verification link',
  body: closedBody({ email, password }),
  response: {
    201: {
      type: 'object',
      required: ['user', 'verification'],
      additionalProperties: false,
      properties: {
        user: publicUserSchema,
        verification: { type: 'string', enum: ['verified', 'email-sent'] },
      },
    },
    400: errorResponseSchema,
    403: errorResponseSchema,
    409: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const verifySchema = {
  tags: ['auth'],
  summary: 'Confirm an email address with the single-use token from the mailed link',
  body: closedBody({ token: { type: 'string', minLength: 1, maxLength: 128 } }),
  response: {
    200: {
      type: 'object',
      required: ['user'],
      additionalProperties: false,
      properties: { user: publicUserSchema },
    },
    400: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

/** The 202 of the routes that may mail someone: it never tells whether a mail was sent. */
export const mailAcceptedSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      enum: ['accepted'],
      description: 'Always "accepted": the answer never tells whether a mail was sent.',
    },
  },
} as const;

export const resendVerificationSchema = {
  tags: ['auth'],
  summary:
    'Mail a fresh verification link to an unverified account; the same 202 whether or not the account exists',
  body: closedBody({ email }),
  response: {
    202: mailAcceptedSchema,
    400: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const verifyPageSchema = {
  tags: ['auth'],
  summary:
    'The page the mailed link opens: a button that POSTs the token to /auth/verify (opening it changes nothing)',
  querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 128 } } },
  response: {
    200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
  },
} as const;

export const loginSchema = {
  tags: ['auth'],
  summary:
    'Log in; sets the HttpOnly session cookie (the token is never in the body), or answers a second-factor challenge and no cookie',
  body: closedBody({ email, password }),
  response: {
    200: {
      anyOf: [
        {
          type: 'object',
          required: ['user', 'expiresAt'],
          additionalProperties: false,
          properties: {
            user: publicUserSchema,
            expiresAt: { type: 'integer', description: 'Epoch milliseconds.' },
          },
        },
        secondFactorChallengeSchema,
      ],
    },
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const logoutSchema = {
  security: [{ cookieAuth: [] }] as ReadonlyArray<Record<string, readonly string[]>>,
  tags: ['auth'],
  summary: 'Log out: revokes the session server-side and clears the cookie',
  response: { 204: noContent, 403: errorResponseSchema },
} as const;

export const sessionSchema = {
  tags: ['auth'],
  summary: 'The current user, or null when anonymous (never 401)',
  response: {
    200: {
      type: 'object',
      required: ['user'],
      additionalProperties: false,
      properties: { user: { ...requestUserSchema, type: ['object', 'null'] } },
    },
  },
} as const;

export const meSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'The current user; 401 when anonymous',
  response: { 200: requestUserSchema, 401: errorResponseSchema },
} as const;

export const passwordSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'Change the password; every other session of the user is revoked',
  body: closedBody({ currentPassword: password, newPassword: password }),
  response: { 204: noContent, ...commonErrorResponses },
} as const;

export const rolesSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: "Replace a user's roles (admins); live sessions see the change on their next request",
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  body: closedBody({
    roles: { type: 'array', maxItems: 16, items: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' } },
  }),
  response: { 200: publicUserSchema, ...commonErrorResponses },
} as const;

const mailMessageSchema = {
  type: 'object',
  required: ['to', 'subject', 'text', 'kind'],
  additionalProperties: false,
  properties: {
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string' },
    kind: { type: 'string' },
    link: { type: 'string' },
  },
} as const;

export const outboxSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'The development outbox, newest first (admins only); 501 when mail really goes out',
  response: {
    200: {
      type: 'object',
      required: ['messages'],
      additionalProperties: false,
      properties: { messages: { type: 'array', items: mailMessageSchema } },
    },
    ...commonErrorResponses,
    501: errorResponseSchema,
  },
} as const;
