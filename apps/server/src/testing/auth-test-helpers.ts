import { createHmac } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestServer } from './test-server.js';

// Test support for the /auth suites; never imported by production code.

export const STRONG_PASSWORD = 'violet-cactus-harbour-42';
export const OTHER_PASSWORD = 'amber-walrus-lantern-17';
export const SEED_ADMIN = { email: 'chief@example.com', password: 'granite-osprey-meadow-88' } as const;
export const SEED_ENV = {
  SEED_ADMIN_EMAIL: SEED_ADMIN.email,
  SEED_ADMIN_PASSWORD: SEED_ADMIN.password,
} as const;

let nextAddress = 0;

/**
 * A fresh client address per call, so suites that log in often stay under the per-IP limits
 * they are not testing (the limit tests choose their addresses themselves).
 */
export function freshAddress(): string {
  nextAddress++;
  return `198.51.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
}

/** `name=value` of the session cookie set by a response, for a `cookie` header. */
export function readSessionCookie(app: FastifyInstance, response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === app.svcConfig.cookieName);
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The JWT inside a `name=value` cookie string. */
export function tokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

/** Logs in and returns the session cookie (`name=value`). */
export async function logInAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: freshAddress(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return readSessionCookie(app, response);
}

/** Signs up; when the server does not auto-verify, follows the mailed link. Returns the user id. */
export async function signUpVerified(
  server: TestServer,
  email: string,
  password = STRONG_PASSWORD,
): Promise<string> {
  const { app } = server;
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: freshAddress(),
    payload: { email, password },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const body = signup.json<{ user: { id: string }; verification: string }>();
  if (body.verification === 'email-sent') {
    const token = readMailedToken(server, email);
    const verify = await app.inject({
      method: 'POST',
      url: '/auth/verify',
      remoteAddress: freshAddress(),
      payload: { token },
    });
    if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  }
  return body.user.id;
}

/** The token of the newest verification link mailed to `email`. */
export function readMailedToken(server: TestServer, email: string): string {
  const link = server.mailer.last(email, 'verify-email')?.link;
  if (!link) throw new Error(`no verification mail to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/** The error code of a response in the one error shape. */
export function codeOf(response: LightMyRequestResponse): string | undefined {
  return response.json<{ error?: { code?: string } }>().error?.code;
}

function segment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT with any header and payload, signed with HMAC (`sha256` or `sha512`) under `secret`. */
export function forgeJwt(
  header: unknown,
  payload: unknown,
  secret: string,
  algorithm: 'sha256' | 'sha512' = 'sha256',
): string {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${createHmac(algorithm, secret).update(input).digest('base64url')}`;
}

/** The decoded payload of a JWT. */
export function readJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
