// The challenge `POST /auth/login` answers instead of a session (issue 27, second factor). Kept
// apart, with no imports, so the login schema and the second-factor schemas can both use it.

/** What a sign-in answers when a second factor is needed: no cookie is set. */
export const secondFactorChallengeSchema = {
  type: 'object',
  required: ['secondFactor'],
  additionalProperties: false,
  properties: {
    secondFactor: {
      type: 'object',
      required: ['challenge', 'methods', 'enrolmentRequired', 'expiresAt'],
      additionalProperties: false,
      properties: {
        challenge: { type: 'string', description: 'Single use; send it to POST /auth/login/second-factor.' },
        methods: { type: 'array', items: { type: 'string', enum: ['passkey', 'totp', 'recovery_code'] } },
        enrolmentRequired: {
          type: 'boolean',
          description: 'The role requires a second factor and the account has none: enrol, then answer.',
        },
        expiresAt: { type: 'integer', description: 'Epoch milliseconds.' },
      },
    },
  },
} as const;
