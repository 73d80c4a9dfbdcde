import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY as SIGNED_IN } from '../plugins/openapi-plugin.js';

// Route schemas of single sign-on (/auth/sso), split from sso-routes.ts.

const providerParams = {
  type: 'object',
  required: ['provider'],
  additionalProperties: false,
  properties: { provider: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;

const redirect = {
  description: 'A redirect: `Location` is the next page.',
  type: 'null',
  headers: { location: { type: 'string' } },
} as const;

const connectedIdentity = {
  type: 'object',
  required: ['providerId', 'email', 'connectedAt'],
  additionalProperties: false,
  properties: {
    providerId: { type: 'string' },
    email: { type: ['string', 'null'], description: "The provider's email when connected." },
    connectedAt: { type: 'integer', description: 'Epoch milliseconds.' },
  },
} as const;

export const ssoProvidersSchema = {
  tags: ['auth'],
  summary: 'The configured OpenID Connect providers (id and display name; never a secret)',
  response: {
    200: {
      type: 'object',
      required: ['providers'],
      additionalProperties: false,
      properties: {
        providers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name'],
            additionalProperties: false,
            properties: { id: { type: 'string' }, name: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

export const ssoStartSchema = {
  tags: ['auth'],
  summary:
    "Start signing in with a provider: sets the signed flow cookie (state, nonce, PKCE verifier) and redirects to the provider's authorization page",
  params: providerParams,
  response: { 302: redirect, 404: errorResponseSchema, 429: errorResponseSchema, 502: errorResponseSchema },
} as const;

export const ssoConnectSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary:
    'Connect a provider to the signed-in account (session only): redirects to the provider like /start',
  params: providerParams,
  response: { 302: redirect, ...commonErrorResponses, 502: errorResponseSchema },
} as const;

export const ssoCallbackSchema = {
  tags: ['auth'],
  summary:
    'Where the provider sends the browser back. Checks state, nonce and PKCE, then signs in (session cookie, redirect to /) or connects (redirect to /account); a refusal redirects with ?ssoError=<code>',
  params: providerParams,
  querystring: {
    type: 'object',
    additionalProperties: true,
    properties: {
      code: { type: 'string', maxLength: 2048 },
      state: { type: 'string', maxLength: 512 },
      error: { type: 'string', maxLength: 256 },
    },
  },
  response: { 302: redirect, 404: errorResponseSchema, 429: errorResponseSchema },
} as const;

export const ssoIdentitiesSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary: "The signed-in account's connected providers, and whether it has a password of its own",
  response: {
    200: {
      type: 'object',
      required: ['identities', 'hasPassword'],
      additionalProperties: false,
      properties: {
        identities: { type: 'array', items: connectedIdentity },
        hasPassword: { type: 'boolean' },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const ssoDisconnectSchema = {
  security: SIGNED_IN,
  tags: ['auth'],
  summary:
    'Disconnect a provider from the signed-in account; an account with neither a password nor a passkey keeps its last provider (409 GATE_SSO_LAST_SIGN_IN_METHOD)',
  params: providerParams,
  response: {
    204: { description: 'Done.', type: 'null' },
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;
