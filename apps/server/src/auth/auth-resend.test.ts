import { RESEND_COOLDOWN_MS, RESEND_DAILY_LIMIT } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, readMailedToken, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseTargets())('resending the verification link on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'false' });
  });
  afterAll(async () => server?.close());

  const mailsTo = (email: string) => server.mailer.messages.filter((mail) => mail.to === email).length;
  const resend = (email: unknown, remoteAddress = freshAddress()) =>
    server.app.inject({ method: 'POST', url: '/auth/verify/resend', remoteAddress, payload: { email } });
  const verify = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/verify',
      remoteAddress: freshAddress(),
      payload: { token },
    });
  async function signUp(email: string): Promise<void> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: freshAddress(),
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(201);
  }

  it('mails a fresh link after the cooldown; only the newest link works', async () => {
    const email = `resend-${target.name}@example.com`;
    await signUp(email);
    const first = readMailedToken(server, email);
    const early = await resend(email);
    expect(early.statusCode).toBe(202);
    expect(early.json()).toEqual({ status: 'accepted' });
    expect(mailsTo(email)).toBe(1);
    server.clock.advance(RESEND_COOLDOWN_MS);
    expect((await resend(email)).statusCode).toBe(202);
    expect(mailsTo(email)).toBe(2);
    const second = readMailedToken(server, email);
    expect(second).not.toBe(first);
    expect((await verify(first)).json().error.code).toBe('GATE_TOKEN_INVALID');
    expect((await verify(second)).statusCode).toBe(200);
    server.clock.advance(RESEND_COOLDOWN_MS);
    expect((await resend(email)).statusCode).toBe(202);
    expect(mailsTo(email)).toBe(2);
  });

  it('answers the same for unknown accounts and mails nothing', async () => {
    const response = await resend(`nobody-${target.name}@example.com`);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'accepted' });
    expect(server.mailer.messages.some((mail) => mail.to === `nobody-${target.name}@example.com`)).toBe(
      false,
    );
    expect((await resend('not an email')).statusCode).toBe(400);
  });

  it(`mails one account at most ${RESEND_DAILY_LIMIT} times a day`, async () => {
    const email = `daily-${target.name}@example.com`;
    await signUp(email);
    for (let attempt = 0; attempt < RESEND_DAILY_LIMIT + 2; attempt += 1) {
      server.clock.advance(RESEND_COOLDOWN_MS);
      expect((await resend(email)).statusCode).toBe(202);
    }
    expect(mailsTo(email)).toBe(RESEND_DAILY_LIMIT);
    server.clock.advance(DAY);
    await resend(email);
    expect(mailsTo(email)).toBe(RESEND_DAILY_LIMIT + 1);
  });

  it('limits resend requests per client address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await resend(`limit-${attempt}@example.com`, address)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
