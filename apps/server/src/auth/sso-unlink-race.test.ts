import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerWithRoutes } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';

/**
 * An account made by single sign-on has no password; it keeps its last provider. Two disconnects
 * at once (two tabs, a double click) each saw the other identity still connected, so both went
 * through and the account was left with no way to sign in. Driven through the gate's service,
 * which the HTTP route calls, so both arrive together.
 */
describe.each(testDatabaseTargets())('disconnecting providers at once on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  beforeAll(async () => {
    server = await createServerWithRoutes(target, () => undefined);
  });
  afterAll(async () => server.close());

  it('keeps one identity of an account without a password', async () => {
    const { sso } = server.app.gate;
    const email = `two-providers-${target.name}@example.com`;
    const signedIn = await sso.signIn({
      claims: { providerId: 'acme', subject: `acme-${target.name}`, email, emailVerified: true },
    });
    if (!('user' in signedIn)) throw new Error('expected a session');
    const userId = signedIn.user.id;
    const claims = {
      acme: { providerId: 'acme', subject: `acme-${target.name}`, email },
      other: { providerId: 'other', subject: `other-${target.name}`, email },
    };
    const outcomes = { done: 0, refused: 0 };
    for (let round = 0; round < 10; round++) {
      const { identities } = await sso.list(userId);
      for (const providerId of ['acme', 'other'] as const)
        if (!identities.some((identity) => identity.providerId === providerId))
          await sso.link({ userId, claims: claims[providerId] });
      const results = await Promise.allSettled([
        sso.unlink({ userId, providerId: 'acme' }),
        sso.unlink({ userId, providerId: 'other' }),
      ]);
      for (const result of results) {
        if (result.status === 'fulfilled') outcomes.done++;
        else {
          expect((result.reason as { code?: string }).code).toBe('GATE_SSO_LAST_SIGN_IN_METHOD');
          outcomes.refused++;
        }
      }
      const after = await sso.list(userId);
      expect({ identities: after.identities.length, hasPassword: after.hasPassword }).toEqual({
        identities: 1,
        hasPassword: false,
      });
    }
    expect(outcomes).toEqual({ done: 10, refused: 10 });
  });
});
