import { createManualClock, type ManualClock } from '@svc/gate/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import { freshAddress, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { listenOnLoopback } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import {
  mailsTo,
  readLinkOf,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../testing/smtp-test-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

const NEW_PASSWORD = 'copper-heron-glacier-93';
const ADMIN = { email: 'root@example.com', password: 'the seed admin password 42' } as const;

describe.each(testDatabaseTargets())('forgotten password through real SMTP on $name', (target) => {
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let database: Database;
  let clock: ManualClock;
  let base: string;

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: freshAddress(),
      payload: payload as Record<string, unknown>,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const tokenOfLink = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';

  /** Signs up and opens the verification link from the received mail; answers the user id. */
  async function signUpVerified(email: string): Promise<string> {
    const signup = await post('/auth/signup', { email, password: STRONG_PASSWORD });
    expect(signup.statusCode).toBe(201);
    const link = readLinkOf(await smtp.waitForMail(email, 'verify-email'));
    const verify = await post('/auth/verify', { token: new URL(link).searchParams.get('token') });
    expect(verify.statusCode).toBe(200);
    return signup.json<{ user: { id: string } }>().user.id;
  }
  async function logIn(email: string, password: string): Promise<string> {
    const login = await post('/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((candidate) => candidate.name === app.svcConfig.cookieName);
    return `${cookie?.name}=${cookie?.value}`;
  }
  /** Asks for a reset link and reads it from the mail, the `count`th to this address. */
  async function mailedResetLink(email: string, count = 1): Promise<string> {
    const forgot = await post('/auth/password/forgot', { email });
    expect(forgot.statusCode).toBe(202);
    return readLinkOf(await smtp.waitForMail(email, 'reset-password', count));
  }
  const resetTokenCount = async (userId: string) =>
    (
      await database.db
        .selectFrom('verification_tokens')
        .select('token_hash')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'reset-password')
        .execute()
    ).length;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const config = loadConfig({
      NODE_ENV: 'test',
      SVC_PASSWORD_COST: '12',
      AUTH_AUTO_VERIFY: 'false',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'svc <no-reply@example.com>',
      SVC_PUBLIC_URL: 'http://console.example.test',
    });
    database = await target.open();
    clock = createManualClock(Date.now());
    app = await buildServer({ config, database, clock });
    base = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await smtp?.close();
  });

  it('mails a link to the console page; the link resets the password over HTTP once, and signs out everywhere', async () => {
    const email = `ada-${target.name}@example.com`;
    await signUpVerified(email);
    const cookie = await logIn(email, STRONG_PASSWORD);

    const forgot = await sendOverLoopback(base, 'POST', '/auth/password/forgot', { body: { email } });
    expect(forgot).toMatchObject({ status: 202, json: { status: 'accepted' } });
    const mail = await smtp.waitForMail(email, 'reset-password');
    expect(mail.raw).toMatch(/^Subject: Reset your password/m);
    expect(mail.raw).toMatch(/for 30 minutes/);
    const link = readLinkOf(mail);
    expect(link).toMatch(/^http:\/\/console\.example\.test\/reset-password#token=[A-Za-z0-9_-]{43}$/);

    const reset = await sendOverLoopback(base, 'POST', '/auth/password/reset', {
      body: { token: tokenOfLink(link), password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.user).toMatchObject({ email, emailVerified: true });
    // The old session is gone, the old password too; the new one signs in.
    expect((await sendOverLoopback(base, 'GET', '/auth/me', { cookie })).status).toBe(401);
    expect((await post('/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(401);
    await logIn(email, NEW_PASSWORD);
    const notice = await smtp.waitForMail(email, 'password-changed');
    expect(notice.raw).toMatch(/^Subject: Your password was changed/m);

    const again = await sendOverLoopback(base, 'POST', '/auth/password/reset', {
      body: { token: tokenOfLink(link), password: 'another-fine-password-55' },
    });
    expect(again).toMatchObject({ status: 400, json: { error: { code: 'GATE_RESET_TOKEN_USED' } } });
  });

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const known = `known-${target.name}@example.com`;
    const userId = await signUpVerified(known);
    const unknown = `nobody-${target.name}@example.com`;
    const answers = [];
    for (const email of [unknown, known]) {
      const response = await post('/auth/password/forgot', { email });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[0]).toEqual(answers[1]);
    await smtp.waitForMail(known, 'reset-password');
    expect(smtp.received.filter((mail) => mail.to.includes(unknown))).toEqual([]);
    expect(await resetTokenCount(userId)).toBe(1);
  });

  it('refuses an expired link by the gate clock, and an unknown token', async () => {
    const email = `late-${target.name}@example.com`;
    await signUpVerified(email);
    const link = await mailedResetLink(email);
    clock.advance(30 * 60 * 1000 + 1);
    const late = await post('/auth/password/reset', { token: tokenOfLink(link), password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('GATE_RESET_TOKEN_EXPIRED');
    const made = await post('/auth/password/reset', { token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect(made.json().error.code).toBe('GATE_TOKEN_INVALID');
    expect((await post('/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the link when the new password breaks the rules, and keeps API keys after the reset', async () => {
    const email = `keys-${target.name}@example.com`;
    const userId = await signUpVerified(email);
    const admin = await logIn(ADMIN.email, ADMIN.password);
    const roles = await app.inject({
      method: 'PUT',
      url: `/auth/users/${userId}/roles`,
      headers: { cookie: admin },
      payload: { roles: ['member', 'developer'] },
    });
    expect(roles.statusCode).toBe(200);
    const cookie = await logIn(email, STRONG_PASSWORD);
    const created = await app.inject({
      method: 'POST',
      url: '/keys',
      headers: { cookie },
      payload: { name: 'ci' },
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ key: string }>().key;

    const token = tokenOfLink(await mailedResetLink(email));
    const weak = await post('/auth/password/reset', { token, password: 'short' });
    expect(weak.json().error.code).toBe('GATE_WEAK_PASSWORD');
    expect((await post('/auth/password/reset', { token, password: NEW_PASSWORD })).statusCode).toBe(200);

    const bySession = await app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } });
    expect(bySession.statusCode).toBe(401);
    const byKey = await app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().email).toBe(email);
  });

  it('verifies an unconfirmed address by the reset (the mail proved it)', async () => {
    const email = `unconfirmed-${target.name}@example.com`;
    expect((await post('/auth/signup', { email, password: STRONG_PASSWORD })).statusCode).toBe(201);
    const login = await post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.json().error.code).toBe('GATE_EMAIL_NOT_VERIFIED');
    const link = await mailedResetLink(email);
    expect(
      (await post('/auth/password/reset', { token: tokenOfLink(link), password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await post('/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('mails one account at most once a minute (same answer), and an older link stops working', async () => {
    const email = `often-${target.name}@example.com`;
    const userId = await signUpVerified(email);
    const first = await mailedResetLink(email);
    const second = await post('/auth/password/forgot', { email });
    expect(second.statusCode).toBe(202);
    expect(await resetTokenCount(userId)).toBe(1);
    clock.advance(61_000);
    const third = await mailedResetLink(email, 2);
    expect(await resetTokenCount(userId)).toBe(2);
    expect(mailsTo(smtp.received, email, 'reset-password')).toHaveLength(2);
    const old = await post('/auth/password/reset', { token: tokenOfLink(first), password: NEW_PASSWORD });
    expect(old.json().error.code).toBe('GATE_RESET_TOKEN_USED');
    expect(
      (await post('/auth/password/reset', { token: tokenOfLink(third), password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('mails a disabled account nothing, with the same answer', async () => {
    const email = `disabled-${target.name}@example.com`;
    const userId = await signUpVerified(email);
    const admin = await logIn(ADMIN.email, ADMIN.password);
    const disable = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/disable`,
      headers: { cookie: admin },
      payload: { reason: 'test' },
    });
    expect(disable.statusCode).toBe(200);
    const forgot = await post('/auth/password/forgot', { email });
    expect({ status: forgot.statusCode, body: forgot.json() }).toEqual({
      status: 202,
      body: { status: 'accepted' },
    });
    expect(await resetTokenCount(userId)).toBe(0);
  });

  it('limits requests per client address with 429', async () => {
    const remoteAddress = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/password/forgot',
        remoteAddress,
        payload: { email: `nobody-${attempt}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
