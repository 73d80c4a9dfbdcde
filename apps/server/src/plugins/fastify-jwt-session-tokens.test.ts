import { SESSION_TOKENS_CONTRACT } from '@svc/gate/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSessionTokens } from './fastify-jwt-session-tokens.js';

// The server's session tokens (@fastify/jwt) through the cases of the gate's own token tests:
// the same contract the gate's node:crypto implementation passes.
describe('session tokens over @fastify/jwt', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const context = {
    async createTokens(options: { secret: string }) {
      const app = Fastify();
      apps.push(app);
      return registerSessionTokens(app, options);
    },
  };

  for (const contractCase of SESSION_TOKENS_CONTRACT) {
    it(contractCase.name, () => contractCase.run(context));
  }

  it("keeps @fastify/jwt's request and reply decorators off the app", async () => {
    const app = Fastify();
    apps.push(app);
    await registerSessionTokens(app, { secret: 'a-secret-of-at-least-thirty-two-bytes' });
    await app.ready();
    expect(app.hasDecorator('jwt')).toBe(false);
    expect(app.hasRequestDecorator('jwtVerify')).toBe(false);
    expect(app.hasRequestDecorator('user')).toBe(false);
    expect(app.hasReplyDecorator('jwtSign')).toBe(false);
  });
});
