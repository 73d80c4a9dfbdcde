import { generateTotpCode } from '@svc/gate/testing';
import type { LightMyRequestResponse } from 'fastify';
import { freshAddress, logInAs, readSessionCookie, signUpVerified } from './auth-test-helpers.js';
import type { TestServer } from './test-server.js';

// Test support for the two-step sign-in suites (issue 27); never imported by production code.

/** A person with TOTP on: the secret their app holds, their recovery codes and a session cookie. */
export interface EnrolledPerson {
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  cookie: string;
}

/** The authenticator app: the code of `secret` at the server's clock. */
export function codeAt(server: TestServer, secret: string, offsetMs = 0): string {
  return generateTotpCode({ secret, now: server.clock.now() + offsetMs });
}

/** POST with a fresh client address (per-IP limits are not what these suites test). */
export function post(
  server: TestServer,
  url: string,
  payload: Record<string, unknown>,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url,
    remoteAddress: freshAddress(),
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** Signs up, signs in and turns TOTP on through the API, as the Account screen does. */
export async function enrolPerson(
  server: TestServer,
  email: string,
  password: string,
): Promise<EnrolledPerson> {
  await signUpVerified(server, email, password);
  const cookie = await logInAs(server.app, email, password);
  const begun = await post(server, '/auth/second-factor/totp', {}, cookie);
  if (begun.statusCode !== 200) throw new Error(`enrol failed: ${begun.statusCode} ${begun.body}`);
  const { secret } = begun.json<{ secret: string }>();
  const confirmed = await post(
    server,
    '/auth/second-factor/totp/confirm',
    { code: codeAt(server, secret) },
    cookie,
  );
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  // The confirming code used this step: move on so the next code is a fresh one.
  server.clock.advance(30_000);
  return {
    email,
    password,
    secret,
    recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes,
    cookie,
  };
}

/** `POST /auth/login`, answering the challenge when one comes. */
export async function startSignIn(server: TestServer, email: string, password: string) {
  const response = await post(server, '/auth/login', { email, password });
  return {
    response,
    challenge: response.json<{ secondFactor?: { challenge: string } }>().secondFactor?.challenge,
  };
}

/** The session cookie of a finished sign-in. */
export function cookieOf(server: TestServer, response: LightMyRequestResponse): string {
  return readSessionCookie(server.app, response);
}
