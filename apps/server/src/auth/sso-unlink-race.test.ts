import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerWithRoutes } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';

/**
 * An account made by single sign-on has no password; it keeps its last provider or passkey. Two disconnects
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

  it('keeps a provider or a passkey when both are removed at once', async () => {
    const { sso, passkeys } = server.app.gate;
    const email = `provider-and-passkey-${target.name}@example.com`;
    const claims = { providerId: 'acme', subject: `pk-acme-${target.name}`, email, emailVerified: true };
    const signedIn = await sso.signIn({ claims });
    if (!('user' in signedIn)) throw new Error('expected a session');
    const userId = signedIn.user.id;
    // A passkey row as registration stores it (the race is about counting rows, not WebAuthn).
    const addPasskey = (id: string) =>
      server.database.db
        .insertInto('passkey_credentials')
        .values({
          id,
          user_id: userId,
          public_key: 'AA',
          counter: 0,
          transports: '[]',
          device_type: 'singleDevice',
          backed_up: 0,
          name: 'Laptop',
          created_at: Date.now(),
        })
        .execute();
    const codes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const passkeyId = `race-${target.name}-${round}`;
      await addPasskey(passkeyId);
      if ((await sso.list(userId)).identities.length === 0) await sso.link({ userId, claims });
      const results = await Promise.allSettled([
        passkeys.remove({ userId, id: passkeyId }),
        sso.unlink({ userId, providerId: 'acme' }),
      ]);
      const refused = results.flatMap((result) =>
        result.status === 'rejected' ? [(result.reason as { code?: string }).code ?? 'none'] : [],
      );
      expect(refused).toHaveLength(1);
      codes.push(...refused);
      const left = {
        identities: (await sso.list(userId)).identities.length,
        passkeys: (
          await server.database.db
            .selectFrom('passkey_credentials')
            .select('id')
            .where('user_id', '=', userId)
            .execute()
        ).length,
      };
      expect(left.identities + left.passkeys).toBe(1);
      // The next round starts from one provider and one passkey again.
      if (left.passkeys === 1)
        await server.database.db.deleteFrom('passkey_credentials').where('user_id', '=', userId).execute();
    }
    for (const code of codes)
      expect(['GATE_PASSKEY_LAST_SIGN_IN_METHOD', 'GATE_SSO_LAST_SIGN_IN_METHOD']).toContain(code);
  });
});
