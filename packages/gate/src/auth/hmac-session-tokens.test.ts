import { describe, it } from 'vitest';
import { SESSION_TOKENS_CONTRACT } from '../testing/session-tokens-contract.js';
import { createHmacSessionTokens } from './hmac-session-tokens.js';

// The gate's own session tokens through the port's contract, the cases every implementation
// passes (apps/server runs them against its @fastify/jwt one).
describe('session tokens (JWT HS256, node:crypto)', () => {
  const context = { createTokens: async (options: { secret: string }) => createHmacSessionTokens(options) };
  for (const contractCase of SESSION_TOKENS_CONTRACT) {
    it(contractCase.name, () => contractCase.run(context));
  }
});
