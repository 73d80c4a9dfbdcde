import { errorResponseSchema } from '../errors/error-body.js';
import { mailAcceptedSchema, publicUserSchema } from './auth-route-schemas.js';

// Route schemas of the forgotten-password routes (issue 27, recovery).

export const forgotPasswordSchema = {
  tags: ['auth'],
  summary: 'Mail a single-use password-reset link; the same 202 whether or not the address has an account',
  body: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: { type: 'string', minLength: 1, maxLength: 320 } },
  },
  response: {
    202: mailAcceptedSchema,
    400: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const resetPasswordSchema = {
  tags: ['auth'],
  summary:
    'Set a new password with the mailed token (used once); signs the account out everywhere, keeps its API keys',
  body: {
    type: 'object',
    required: ['token', 'password'],
    additionalProperties: false,
    properties: {
      token: { type: 'string', minLength: 1, maxLength: 128 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
  },
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
