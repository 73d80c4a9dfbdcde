import { SESSION_CONTRACT, type SessionContractContext } from '@svc/gate/testing';
import { decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

/**
 * The session contract of `@svc/gate/testing` against the running server, over a real socket on
 * loopback: tokens signed and verified by its @fastify/jwt session tokens, cookies as a client
 * sends them, on each database. Each request comes "through" a trusted loopback proxy from a
 * fresh address, so the per-address limits of /auth are not what these cases meet.
 */
describe.each(testDatabaseTargets())('session tokens over HTTP on $name', (target) => {
  let server: TestServer;
  let base = '';
  let accounts = 0;

  const headersFor = (token?: string): Record<string, string> => ({
    origin: base,
    'x-forwarded-for': freshAddress(),
    ...(token === undefined ? {} : { cookie: `${server.config.cookieName}=${token}` }),
  });

  async function post(path: string, body: unknown, token?: string): Promise<Response> {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headersFor(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const context: SessionContractContext = {
    get secret() {
      return server.config.jwtSecret;
    },
    get clock() {
      return server.clock;
    },
    async signIn(label) {
      const email = `${label}-${++accounts}@example.com`;
      const signup = await post('/auth/signup', { email, password: STRONG_PASSWORD });
      if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
      const login = await post('/auth/login', { email, password: STRONG_PASSWORD });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
      const cookie = login.headers
        .getSetCookie()
        .find((line) => line.startsWith(`${server.config.cookieName}=`));
      if (!cookie) throw new Error('no session cookie');
      const { user } = (await login.json()) as { user: { id: string } };
      return { token: cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';')), userId: user.id };
    },
    async identify(token) {
      const response = await fetch(`${base}/auth/me`, { headers: headersFor(token) });
      const body = (await response.json()) as { id?: string; error?: { code: string } };
      if (response.status === 200 && typeof body.id === 'string') return body.id;
      if (response.status === 401 && body.error?.code === 'GATE_UNAUTHENTICATED') return null;
      throw new Error(`GET /auth/me: ${response.status} ${JSON.stringify(body)}`);
    },
    async logout(token) {
      const response = await post('/auth/logout', {}, token);
      if (response.status !== 204) throw new Error(`logout: ${response.status} ${await response.text()}`);
    },
  };

  beforeAll(async () => {
    server = await createTestServer(target, { SVC_TRUST_PROXY: 'loopback' });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());

  for (const contractCase of SESSION_CONTRACT) {
    it(contractCase.name, () => contractCase.run(context));
  }

  describe('against a standard JWT library (jose)', () => {
    const key = () => new TextEncoder().encode(server.config.jwtSecret);

    it("verifies the server's session cookie as an HS256 JWT, with exp on the server's clock", async () => {
      const { token, userId } = await context.signIn('jose');
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const currentDate = new Date(server.clock.now());
      const { payload } = await jwtVerify(token, key(), {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate,
      });
      expect(payload.sub).toBe(userId);
      // Seven days from login, the session's lifetime.
      expect(payload.exp).toBe(Math.floor((server.clock.now() + 7 * 86_400_000) / 1000));
      // Past exp jose refuses it too.
      await expect(
        jwtVerify(token, key(), { currentDate: new Date((Number(payload.exp) + 1) * 1000) }),
      ).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
    });

    it("accepts a jose-signed HS256 token of a live session, and refuses jose's none, HS512, RS256 and exp-less tokens", async () => {
      const { token, userId } = await context.signIn('jose-signed');
      const { sid, sub, iat, exp } = (
        await jwtVerify(token, key(), { currentDate: new Date(server.clock.now()) })
      ).payload as { sid: string; sub: string; iat: number; exp: number };
      const claims = { sid, sub };
      const signed = (alg: string) =>
        new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(exp);
      expect(await context.identify(await signed('HS256').sign(key()))).toBe(userId);

      const rsa = await generateKeyPair('RS256');
      const refused = {
        none: new UnsecuredJWT(claims).setIssuedAt(iat).setExpirationTime(exp).encode(),
        HS512: await signed('HS512').sign(key()),
        RS256: await signed('RS256').sign(rsa.privateKey),
        'no exp': await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt(iat)
          .sign(key()),
      };
      for (const [what, forged] of Object.entries(refused)) {
        expect([what, await context.identify(forged)]).toEqual([what, null]);
      }
      expect(await context.identify(token)).toBe(userId);
    });
  });
});
