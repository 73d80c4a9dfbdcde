import { strict as assert } from 'node:assert';
import { createHmac, randomBytes } from 'node:crypto';
import { decodeTokenSegment, forgeSessionToken } from './forge-session-token.js';
import type { ManualClock } from './manual-clock.js';

/**
 * What the session cases run against: a gate in process, or a server over HTTP, whose session
 * tokens come from the `SessionTokens` implementation under test.
 */
export interface SessionContractContext {
  /** The secret the implementation signs with: the cases forge tokens with it. */
  secret: string;
  /** The clock the gate reads; the cases only move it forward. */
  clock: ManualClock;
  /** Opens a session for a fresh verified account: the session token (the cookie's value) and the user id. */
  signIn(label: string): Promise<{ token: string; userId: string }>;
  /**
   * The id of the user a request with `token` as its session cookie is authenticated as, or null
   * when it is none. Anything else (an error, a 500) must throw.
   */
  identify(token: string): Promise<string | null>;
  /** Logs out the session of `token`. */
  logout(token: string): Promise<void>;
}

/** One behaviour of sessions every `SessionTokens` implementation, behind the gate, must show. */
export interface SessionContractCase {
  name: string;
  run(context: SessionContractContext): Promise<void>;
}

const HS256 = { alg: 'HS256', typ: 'JWT' };
const unsigned = (header: unknown, payload: unknown) =>
  `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

function claimsOf(token: string): Record<string, unknown> {
  const payload = decodeTokenSegment(token.split('.')[1]);
  assert.ok(typeof payload === 'object' && payload !== null, 'the token has a JSON payload');
  return payload as Record<string, unknown>;
}

async function assertRefused(context: SessionContractContext, token: string, what: string): Promise<void> {
  assert.equal(await context.identify(token), null, `refused: ${what}`);
}

/**
 * Sessions end to end: the token rules of `SESSION_TOKENS_CONTRACT` as a request sees them,
 * plus what only the whole gate shows (the session row, revocation, the identity cache).
 * `GATE_CONTRACT` runs them in process; the server also runs them over HTTP on loopback.
 *
 * @example
 * for (const contractCase of SESSION_CONTRACT) it(contractCase.name, () => contractCase.run(context));
 */
export const SESSION_CONTRACT: readonly SessionContractCase[] = [
  {
    name: 'a session token is a standard HS256 JWT of its session, in the pre-port format, and authenticates',
    async run(context) {
      const { token, userId } = await context.signIn('jwt');
      const [header, payload, signature] = token.split('.') as [string, string, string];
      assert.deepEqual(decodeTokenSegment(header), HS256);
      const claims = claimsOf(token);
      assert.deepEqual(Object.keys(claims), ['sid', 'sub', 'iat', 'exp']);
      assert.equal(claims.sub, userId);
      assert.ok(Number(claims.exp) * 1000 > context.clock.now(), 'exp is in the future');
      const mac = createHmac('sha256', context.secret).update(`${header}.${payload}`).digest('base64url');
      assert.equal(signature, mac, 'HMAC-SHA256 over header.payload under the secret');
      assert.equal(
        forgeSessionToken(HS256, claims, context.secret),
        token,
        'the bytes the gate signed before',
      );
      assert.equal(await context.identify(token), userId);
    },
  },
  {
    name: 'refuses alg none, other algorithms, another secret and extra header fields for a live session',
    async run(context) {
      const { token, userId } = await context.signIn('algorithms');
      const claims = claimsOf(token);
      const { secret } = context;
      const forged: Record<string, string> = {
        'alg none': unsigned({ alg: 'none', typ: 'JWT' }, claims),
        'alg None': unsigned({ alg: 'None' }, claims),
        'alg NONE': unsigned({ alg: 'NONE' }, claims),
        'alg none, HS256-signed': forgeSessionToken({ alg: 'none', typ: 'JWT' }, claims, secret),
        HS512: forgeSessionToken({ alg: 'HS512', typ: 'JWT' }, claims, secret, 'sha512'),
        HS384: forgeSessionToken({ alg: 'HS384', typ: 'JWT' }, claims, secret, 'sha384'),
        'RS256 (HMAC-signed)': forgeSessionToken({ alg: 'RS256', typ: 'JWT' }, claims, secret),
        'another secret': forgeSessionToken(HS256, claims, `${secret}-not`),
        kid: forgeSessionToken({ ...HS256, kid: '../../dev/null' }, claims, secret),
        'typ JWS': forgeSessionToken({ alg: 'HS256', typ: 'JWS' }, claims, secret),
      };
      for (const [what, forgery] of Object.entries(forged)) await assertRefused(context, forgery, what);
      assert.equal(await context.identify(forgeSessionToken({ alg: 'HS256' }, claims, secret)), userId);
      assert.equal(await context.identify(token), userId);
    },
  },
  {
    name: 'refuses a changed payload under the original signature',
    async run(context) {
      const victim = await context.signIn('tampered');
      const other = await context.signIn('target');
      const [header, , signature] = victim.token.split('.');
      const claims = claimsOf(victim.token);
      for (const changed of [
        { ...claims, sub: other.userId },
        { ...claims, exp: Number(claims.exp) + 86_400 },
      ]) {
        const payload = Buffer.from(JSON.stringify(changed)).toString('base64url');
        await assertRefused(context, `${header}.${payload}.${signature}`, JSON.stringify(changed));
      }
      assert.equal(await context.identify(victim.token), victim.userId);
    },
  },
  {
    name: 'requires exp, and ends a session at its exp even while the identity cache holds it',
    async run(context) {
      const { token, userId } = await context.signIn('expiry');
      const { exp: _exp, ...noExp } = claimsOf(token);
      await assertRefused(context, forgeSessionToken(HS256, noExp, context.secret), 'no exp');
      const exp = Math.floor(context.clock.now() / 1000) + 60;
      const short = forgeSessionToken(HS256, { ...noExp, exp }, context.secret);
      assert.equal(await context.identify(short), userId);
      context.clock.set(exp * 1000 - 500);
      assert.equal(await context.identify(short), userId);
      context.clock.set(exp * 1000 - 1);
      assert.equal(await context.identify(short), userId);
      context.clock.set(exp * 1000);
      await assertRefused(context, short, 'at exp');
      // The session row lives on: only the token's exp ended it.
      assert.equal(await context.identify(token), userId);
    },
  },
  {
    name: 'refuses a correctly signed token for a session the server does not know',
    async run(context) {
      const { token } = await context.signIn('unknown-session');
      const sid = randomBytes(24).toString('base64url');
      await assertRefused(
        context,
        forgeSessionToken(HS256, { ...claimsOf(token), sid }, context.secret),
        sid,
      );
    },
  },
  {
    name: 'logout revokes the session at once, though its token is still well signed and unexpired',
    async run(context) {
      const { token, userId } = await context.signIn('revoked');
      assert.equal(await context.identify(token), userId);
      await context.logout(token);
      await assertRefused(context, token, 'after logout');
      await context.logout(token);
      await assertRefused(context, token, 'after a second logout');
    },
  },
  {
    name: 'a malformed session cookie is no session, never an error',
    async run(context) {
      const junk = ['x', 'a.b.c', '..', 'e30.e30.', 'e30.e30.e30', 'x'.repeat(4000), `${'a'.repeat(40)}.`];
      for (const token of junk) await assertRefused(context, token, token.slice(0, 40));
    },
  },
];
