import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY as SIGNED_IN } from '../plugins/openapi-plugin.js';
import { publicUserSchema } from './auth-route-schemas.js';

// Route schemas of /auth/passkeys (issue 27). The WebAuthn JSON shapes are those of the W3C
// spec's `toJSON()` forms, as @simplewebauthn/browser sends and reads them.

const base64url = { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9_-]*$' } as const;
const passkeyName = { type: 'string', minLength: 1, maxLength: 200 } as const;
const transports = { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 32 } } as const;
// OpenAPI wants `required` absent rather than empty.
const objectOf = <P extends Record<string, unknown>>(
  required: readonly (keyof P & string)[],
  properties: P,
) =>
  ({
    type: 'object',
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: true,
    properties,
  }) as const;

/** A passkey as its owner sees it (never the public key or counter). */
export const publicPasskeySchema = {
  type: 'object',
  required: ['id', 'name', 'transports', 'backedUp', 'createdAt', 'lastUsedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The credential id, base64url.' },
    name: { type: 'string' },
    transports: { type: 'array', items: { type: 'string' } },
    backedUp: { type: 'boolean', description: 'A synced passkey its authenticator reports as backed up.' },
    createdAt: { type: 'integer', description: 'Epoch milliseconds.' },
    lastUsedAt: { type: ['integer', 'null'], description: 'Epoch milliseconds of the last sign-in.' },
  },
} as const;

const credentialDescriptor = objectOf(['id', 'type'], {
  id: { type: 'string' },
  type: { type: 'string' },
  transports,
});

const creationOptionsSchema = {
  description:
    'PublicKeyCredentialCreationOptionsJSON: hand it to startRegistration() of @simplewebauthn/browser.',
  ...objectOf(['rp', 'user', 'challenge', 'pubKeyCredParams'], {
    rp: objectOf(['name'], { name: { type: 'string' }, id: { type: 'string' } }),
    user: objectOf(['id', 'name', 'displayName'], {
      id: { type: 'string' },
      name: { type: 'string' },
      displayName: { type: 'string' },
    }),
    challenge: { type: 'string' },
    pubKeyCredParams: {
      type: 'array',
      items: objectOf(['alg', 'type'], { alg: { type: 'integer' }, type: { type: 'string' } }),
    },
    timeout: { type: 'integer' },
    excludeCredentials: { type: 'array', items: credentialDescriptor },
    authenticatorSelection: objectOf([], {
      residentKey: { type: 'string' },
      requireResidentKey: { type: 'boolean' },
      userVerification: { type: 'string' },
      authenticatorAttachment: { type: 'string' },
    }),
    hints: { type: 'array', items: { type: 'string' } },
    attestation: { type: 'string' },
    extensions: objectOf([], { credProps: { type: 'boolean' } }),
  }),
} as const;

const requestOptionsSchema = {
  description:
    'PublicKeyCredentialRequestOptionsJSON: hand it to startAuthentication() of @simplewebauthn/browser.',
  ...objectOf(['challenge'], {
    challenge: { type: 'string' },
    timeout: { type: 'integer' },
    rpId: { type: 'string' },
    allowCredentials: { type: 'array', items: credentialDescriptor },
    userVerification: { type: 'string' },
    hints: { type: 'array', items: { type: 'string' } },
    extensions: { type: 'object', additionalProperties: true },
  }),
} as const;

const registrationResponse = {
  description: 'RegistrationResponseJSON, as startRegistration() of @simplewebauthn/browser answers.',
  ...objectOf(['id', 'rawId', 'type', 'response', 'clientExtensionResults'], {
    id: base64url,
    rawId: base64url,
    type: { type: 'string', enum: ['public-key'] },
    authenticatorAttachment: { type: 'string', maxLength: 32 },
    clientExtensionResults: { type: 'object', additionalProperties: true },
    response: objectOf(['clientDataJSON', 'attestationObject'], {
      clientDataJSON: base64url,
      attestationObject: { ...base64url, maxLength: 16384 },
      authenticatorData: { ...base64url, maxLength: 16384 },
      transports,
      publicKeyAlgorithm: { type: 'integer' },
      publicKey: base64url,
    }),
  }),
} as const;

export const authenticationResponse = {
  description: 'AuthenticationResponseJSON, as startAuthentication() of @simplewebauthn/browser answers.',
  ...objectOf(['id', 'rawId', 'type', 'response', 'clientExtensionResults'], {
    id: base64url,
    rawId: base64url,
    type: { type: 'string', enum: ['public-key'] },
    authenticatorAttachment: { type: 'string', maxLength: 32 },
    clientExtensionResults: { type: 'object', additionalProperties: true },
    response: objectOf(['clientDataJSON', 'authenticatorData', 'signature'], {
      clientDataJSON: base64url,
      authenticatorData: { ...base64url, maxLength: 16384 },
      signature: base64url,
      userHandle: { ...base64url, maxLength: 512 },
    }),
  }),
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { ...base64url, maxLength: 1024 } },
} as const;

const passkeyAnswer = {
  type: 'object',
  required: ['passkey'],
  additionalProperties: false,
  properties: { passkey: publicPasskeySchema },
} as const;

export const listPasskeysSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'My passkeys, oldest first',
  response: {
    200: {
      type: 'object',
      required: ['passkeys', 'enabled'],
      additionalProperties: false,
      properties: {
        passkeys: { type: 'array', items: publicPasskeySchema },
        enabled: {
          type: 'boolean',
          description: 'False when the server has no relying party (passkeys off).',
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const registrationOptionsSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'Start adding a passkey (signed in with a session): creation options with a single-use challenge',
  response: {
    200: creationOptionsSchema,
    ...commonErrorResponses,
    409: errorResponseSchema,
    501: errorResponseSchema,
  },
} as const;

export const registrationVerifySchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: "Finish adding a passkey: verifies the authenticator's answer and stores it under a name",
  body: {
    type: 'object',
    required: ['name', 'response'],
    additionalProperties: false,
    properties: { name: passkeyName, response: registrationResponse },
  },
  response: {
    201: passkeyAnswer,
    ...commonErrorResponses,
    409: errorResponseSchema,
    501: errorResponseSchema,
  },
} as const;

export const renamePasskeySchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: 'Rename one of my passkeys',
  params: idParams,
  body: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name: passkeyName },
  },
  response: { 200: passkeyAnswer, ...commonErrorResponses },
} as const;

export const removePasskeySchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary:
    'Remove one of my passkeys: it signs nobody in again; an account without a password or a provider keeps its last one (409 GATE_PASSKEY_LAST_SIGN_IN_METHOD)',
  params: idParams,
  response: {
    204: { description: 'Removed.', type: 'null' },
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;

export const passkeyLoginOptionsSchema = {
  tags: ['auth'],
  summary: 'Start a password-less sign-in: request options (no allowCredentials, user verification required)',
  response: {
    200: requestOptionsSchema,
    403: errorResponseSchema,
    429: errorResponseSchema,
    501: errorResponseSchema,
  },
} as const;

export const passkeyLoginVerifySchema = {
  tags: ['auth'],
  summary:
    'Finish a passkey sign-in; sets the HttpOnly session cookie (user verification counts as both factors)',
  body: {
    type: 'object',
    required: ['response'],
    additionalProperties: false,
    properties: { response: authenticationResponse },
  },
  response: {
    200: {
      type: 'object',
      required: ['user', 'expiresAt'],
      additionalProperties: false,
      properties: {
        user: publicUserSchema,
        expiresAt: { type: 'integer', description: 'Epoch milliseconds.' },
      },
    },
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    429: errorResponseSchema,
    501: errorResponseSchema,
  },
} as const;

export const passkeySecondFactorOptionsSchema = {
  tags: ['auth'],
  summary:
    "Second step of a password sign-in: request options for the challenge's account (its passkeys only, user verification preferred)",
  body: {
    type: 'object',
    required: ['challenge'],
    additionalProperties: false,
    properties: {
      challenge: {
        type: 'string',
        minLength: 1,
        maxLength: 128,
        description: 'The challenge POST /auth/login answered; its methods list passkey.',
      },
    },
  },
  response: {
    200: requestOptionsSchema,
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    429: errorResponseSchema,
    501: errorResponseSchema,
  },
} as const;
