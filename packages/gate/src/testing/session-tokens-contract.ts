import { strict as assert } from 'node:assert';
import { MAX_SESSION_TOKEN_LENGTH } from '../auth/session-token-rules.js';
import { isGateError } from '../errors.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import { decodeTokenSegment, forgeSessionToken, LEGACY_SESSION_TOKEN } from './forge-session-token.js';

/** What the token cases run against: a way to build the implementation under test. */
export interface SessionTokensContractContext {
  /** The implementation under test, signing and verifying with `secret`. */
  createTokens(options: { secret: string }): Promise<SessionTokens>;
}

/** One behaviour every `SessionTokens` implementation must show. */
export interface SessionTokensContractCase {
  name: string;
  run(context: SessionTokensContractContext): Promise<void>;
}

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';
const NOW = Date.UTC(2026, 0, 1);
const CLAIMS = { sid: 'session-1', sub: 'user-1', iat: NOW / 1000, exp: NOW / 1000 + 3600 };
const HS256 = { alg: 'HS256', typ: 'JWT' };

const segment = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const forge = (header: unknown, payload: unknown, hash?: 'sha256' | 'sha384' | 'sha512') =>
  forgeSessionToken(header, payload, SECRET, hash);

async function refuses(tokens: SessionTokens, token: unknown, now = NOW): Promise<void> {
  assert.equal(await tokens.verify(token as string, now), null, `refused: ${String(token).slice(0, 120)}`);
}

/**
 * The session-token port's contract: the cases of the gate's own token tests, run against any
 * implementation (`createHmacSessionTokens` in the gate, the `@fastify/jwt` one in the server).
 * Plain async functions with `node:assert`, like `GATE_CONTRACT`; `SESSION_CONTRACT` checks the
 * same rules end to end, through the gate and over HTTP.
 *
 * @example
 * const context = { createTokens: async ({ secret }) => createHmacSessionTokens({ secret }) };
 * for (const contractCase of SESSION_TOKENS_CONTRACT) it(contractCase.name, () => contractCase.run(context));
 */
export const SESSION_TOKENS_CONTRACT: readonly SessionTokensContractCase[] = [
  {
    name: 'round-trips the claims in an HS256 compact JWT',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const token = await tokens.sign(CLAIMS);
      assert.equal(token.split('.').length, 3);
      assert.deepEqual(decodeTokenSegment(token.split('.')[0]), HS256);
      assert.deepEqual(decodeTokenSegment(token.split('.')[1]), CLAIMS);
      assert.deepEqual(await tokens.verify(token, NOW), CLAIMS);
    },
  },
  {
    name: 'accepts a token minted before the port, and signs its claims to the same bytes',
    async run(context) {
      const { secret, claims, token } = LEGACY_SESSION_TOKEN;
      const tokens = await context.createTokens({ secret });
      assert.deepEqual(await tokens.verify(token, claims.iat * 1000), claims);
      assert.equal(await tokens.sign(claims), token);
    },
  },
  {
    name: 'accepts a header without typ',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      assert.deepEqual(await tokens.verify(forge({ alg: 'HS256' }, CLAIMS), NOW), CLAIMS);
    },
  },
  {
    name: 'refuses a token signed with another secret',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const other = await context.createTokens({ secret: `${SECRET}x` });
      await refuses(tokens, await other.sign(CLAIMS));
    },
  },
  {
    name: 'refuses a changed payload with the original signature',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const [header, , signature] = (await tokens.sign(CLAIMS)).split('.');
      await refuses(tokens, `${header}.${segment({ ...CLAIMS, sub: 'admin-user' })}.${signature}`);
    },
  },
  {
    name: 'refuses alg none, with or without a signature',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      await refuses(tokens, `${segment({ alg: 'none', typ: 'JWT' })}.${segment(CLAIMS)}.`);
      await refuses(tokens, `${segment({ alg: 'none' })}.${segment(CLAIMS)}`);
      await refuses(tokens, forge({ alg: 'none', typ: 'JWT' }, CLAIMS));
    },
  },
  {
    name: 'refuses HS512 signed with the same secret, and any other algorithm name',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      await refuses(tokens, forge({ alg: 'HS512', typ: 'JWT' }, CLAIMS, 'sha512'));
      await refuses(tokens, forge({ alg: 'HS384', typ: 'JWT' }, CLAIMS, 'sha384'));
      for (const alg of ['HS384', 'RS256', 'ES256', 'PS256', 'hs256', 'HS256 ', '', null]) {
        await refuses(tokens, forge({ alg, typ: 'JWT' }, CLAIMS));
      }
    },
  },
  {
    name: 'refuses headers with anything but alg and typ: JWT',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      await refuses(tokens, forge({ alg: 'HS256', typ: 'JWS' }, CLAIMS));
      await refuses(tokens, forge({ alg: 'HS256', kid: '../../dev/null' }, CLAIMS));
      await refuses(tokens, forge({ alg: 'HS256', jku: 'https://evil.example/keys' }, CLAIMS));
      await refuses(tokens, forge({ alg: 'HS256', crit: ['exp'] }, CLAIMS));
      await refuses(tokens, forge(['HS256'], CLAIMS));
    },
  },
  {
    name: 'requires exp and refuses a token at or past it',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const { exp: _exp, ...noExp } = CLAIMS;
      await refuses(tokens, forge({ alg: 'HS256' }, noExp));
      await refuses(tokens, forge({ alg: 'HS256' }, { ...CLAIMS, exp: '9999999999' }));
      await refuses(tokens, forge({ alg: 'HS256' }, { ...CLAIMS, exp: 1e20 }));
      const token = await tokens.sign(CLAIMS);
      assert.notEqual(await tokens.verify(token, CLAIMS.exp * 1000 - 1), null);
      await refuses(tokens, token, CLAIMS.exp * 1000);
      await refuses(tokens, token, CLAIMS.exp * 1000 + 60_000);
    },
  },
  {
    name: 'requires sid, sub and iat',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      for (const missing of ['sid', 'sub', 'iat'] as const) {
        const claims: Record<string, unknown> = { ...CLAIMS };
        delete claims[missing];
        await refuses(tokens, forge({ alg: 'HS256' }, claims));
      }
      await refuses(tokens, forge({ alg: 'HS256' }, { ...CLAIMS, sid: '' }));
      await refuses(tokens, forge({ alg: 'HS256' }, { ...CLAIMS, sub: 42 }));
    },
  },
  {
    name: 'refuses non-canonical encodings of a valid token',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const token = await tokens.sign(CLAIMS);
      await refuses(tokens, `${token}=`);
      // A 43-character signature carries 2 spare bits in its last character: another character
      // with the same 4 data bits decodes to the same bytes, and must still be refused.
      const signature = token.split('.')[2] as string;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const twin = [...alphabet]
        .map((char) => `${signature.slice(0, -1)}${char}`)
        .find(
          (candidate) =>
            candidate !== signature &&
            Buffer.from(candidate, 'base64url').equals(Buffer.from(signature, 'base64url')),
        );
      assert.ok(twin);
      await refuses(tokens, `${token.slice(0, -signature.length)}${twin}`);
      await refuses(tokens, ` ${token}`);
    },
  },
  {
    name: `refuses a correctly signed token over ${MAX_SESSION_TOKEN_LENGTH} characters`,
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const long = forge(
        { alg: 'HS256', typ: 'JWT' },
        { ...CLAIMS, sid: 's'.repeat(MAX_SESSION_TOKEN_LENGTH) },
      );
      await refuses(tokens, long);
    },
  },
  {
    name: 'never throws on malformed input',
    async run(context) {
      const tokens = await context.createTokens({ secret: SECRET });
      const inputs: unknown[] = [
        '',
        '.',
        '..',
        'a.b.c',
        'a.b',
        'a.b.c.d',
        '%%%.%%%.%%%',
        `${segment('x')}.${segment(1)}.x`,
        'x'.repeat(10_000),
        undefined,
        null,
        42,
        {},
      ];
      for (const input of inputs) await refuses(tokens, input);
      await refuses(tokens, `${Buffer.from('{oops').toString('base64url')}.${segment(CLAIMS)}.sig`);
    },
  },
  {
    name: 'refuses to be built with a secret under 32 bytes',
    async run(context) {
      for (const secret of ['', 'x'.repeat(31)]) {
        await assert.rejects(
          context.createTokens({ secret }),
          (error: unknown) => isGateError(error) && error.code === 'GATE_NOT_CONFIGURED',
        );
      }
    },
  },
];
