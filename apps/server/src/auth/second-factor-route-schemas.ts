import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { publicUserSchema } from './auth-route-schemas.js';
import { authenticationResponse } from './passkey-route-schemas.js';

// Route schemas of two-step sign-in (issue 27): /auth/login/second-factor and /auth/second-factor/*.

const SIGNED_IN_SESSION: ReadonlyArray<Record<string, readonly string[]>> = [{ cookieAuth: [] }];
const code = {
  type: 'string',
  minLength: 1,
  maxLength: 16,
  description: 'The 6-digit code of the authenticator app.',
} as const;
const recoveryCode = {
  type: 'string',
  minLength: 1,
  maxLength: 32,
  description: 'One of the recovery codes.',
} as const;
const challenge = { type: 'string', minLength: 1, maxLength: 128 } as const;
const recoveryCodes = {
  type: 'array',
  items: { type: 'string' },
  description: 'Shown this once: each works once in place of a code.',
} as const;

const enrolmentSchema = {
  type: 'object',
  required: ['secret', 'otpauthUri', 'qrSvg'],
  additionalProperties: false,
  properties: {
    secret: { type: 'string', description: 'The base32 key, to type into an app that cannot scan.' },
    otpauthUri: { type: 'string' },
    qrSvg: { type: 'string', description: 'The otpauth URI as a QR code (SVG).' },
  },
} as const;

/** One of a current code, a recovery code or the password proves the person is there. */
const proofBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: { code, recoveryCode, password: { type: 'string', minLength: 1, maxLength: 1024 } },
} as const;

export const completeSignInSchema = {
  tags: ['auth'],
  summary:
    'Finish a sign-in with the challenge and a code, a recovery code or a passkey (exactly one); sets the session cookie. A wrong password and a wrong answer fail alike',
  body: {
    type: 'object',
    required: ['challenge'],
    additionalProperties: false,
    minProperties: 2,
    maxProperties: 2,
    properties: {
      challenge,
      code,
      recoveryCode,
      passkey: {
        ...authenticationResponse,
        description:
          'AuthenticationResponseJSON answering the options of POST /auth/passkeys/second-factor/options.',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'expiresAt'],
      additionalProperties: false,
      properties: {
        user: publicUserSchema,
        expiresAt: { type: 'integer', description: 'Epoch milliseconds.' },
        recoveryCodes: {
          ...recoveryCodes,
          description: 'Set when this sign-in finished an enrolment; shown once.',
        },
      },
    },
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const loginEnrolmentSchema = {
  tags: ['auth'],
  summary:
    "For a challenge with enrolmentRequired: the authenticator secret to enrol; the answer's code confirms it",
  body: { type: 'object', required: ['challenge'], additionalProperties: false, properties: { challenge } },
  response: {
    200: enrolmentSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const statusSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary: 'My two-step sign-in: TOTP off, pending or on, recovery codes left, whether my role requires it',
  response: {
    200: {
      type: 'object',
      required: ['totp', 'recoveryCodesLeft', 'requiredByRole', 'passkey'],
      additionalProperties: false,
      properties: {
        totp: { type: 'string', enum: ['off', 'pending', 'on'] },
        recoveryCodesLeft: { type: 'integer' },
        requiredByRole: { type: 'boolean' },
        passkey: { type: 'boolean', description: 'I have a passkey: it answers the second step too.' },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const beginTotpSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary: 'Begin a TOTP enrolment: a fresh secret, which counts only once a first code confirms it',
  response: { 200: enrolmentSchema, ...commonErrorResponses, 409: errorResponseSchema },
} as const;

export const confirmTotpSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary: 'Confirm the enrolment with a first code; answers the recovery codes, shown this once',
  body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code } },
  response: {
    200: {
      type: 'object',
      required: ['recoveryCodes'],
      additionalProperties: false,
      properties: { recoveryCodes },
    },
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;

export const removeTotpSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary:
    'Turn two-step sign-in off (authenticator and recovery codes), with a current code, a recovery code or the password',
  body: proofBody,
  response: { 204: { description: 'Done.', type: 'null' }, ...commonErrorResponses },
} as const;

export const regenerateRecoveryCodesSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary:
    'Replace the recovery codes (the old set stops working), with a current code, a recovery code or the password',
  body: proofBody,
  response: {
    200: {
      type: 'object',
      required: ['recoveryCodes'],
      additionalProperties: false,
      properties: { recoveryCodes },
    },
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;

const roleRequirementSchema = {
  type: 'object',
  required: ['role', 'required'],
  additionalProperties: false,
  properties: { role: { type: 'string' }, required: { type: 'boolean' } },
} as const;

export const listRoleRequirementsSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary: 'Every role and whether it requires a second factor (admins)',
  response: {
    200: {
      type: 'object',
      required: ['roles'],
      additionalProperties: false,
      properties: { roles: { type: 'array', items: roleRequirementSchema } },
    },
    ...commonErrorResponses,
  },
} as const;

export const setRoleRequirementSchema = {
  security: SIGNED_IN_SESSION,
  tags: ['auth'],
  summary:
    'Require (or stop requiring) a second factor for a role (admins); members without one enrol at their next sign-in',
  params: {
    type: 'object',
    required: ['role'],
    properties: { role: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' } },
  },
  body: {
    type: 'object',
    required: ['required'],
    additionalProperties: false,
    properties: { required: { type: 'boolean' } },
  },
  response: { 200: roleRequirementSchema, ...commonErrorResponses },
} as const;
