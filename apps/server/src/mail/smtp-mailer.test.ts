import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createManualClock } from '@svc/gate/testing';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import { ADMIN, logIn } from '../testing/access-test-fixtures.js';
import { freshAddress, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (the smtp-server package): plain AUTH, no TLS, a refused mailbox. */
async function startSmtpServer(): Promise<{
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'svc' && auth.password === 'smtp-secret-pw') callback(null, { user: 'svc' });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The text of a quoted-printable body, soft line breaks joined. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe.each(testDatabaseTargets())('verification mail over SMTP on $name', (target) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;
  let destroy: () => Promise<void>;

  async function start(password: string, logLines: string[] = []): Promise<FastifyInstance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SVC_PASSWORD_COST: '12',
      AUTH_AUTO_VERIFY: 'false',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: `smtp://svc:${password}@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'svc <no-reply@example.com>',
    });
    const database = await target.open();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    const server = await buildServer({ config, database, clock: createManualClock(Date.now()), logStream });
    destroy = async () => {
      await server.close();
      await database.destroy();
    };
    return server;
  }
  const signUp = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: freshAddress(),
      payload: { email, password: STRONG_PASSWORD },
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await start('smtp-secret-pw');
  });
  afterAll(async () => {
    await destroy?.();
    await smtp?.close();
  });

  it('mails the verification link through the SMTP server, and the link verifies', async () => {
    const email = `ada-${target.name}@example.com`;
    const signup = await signUp(email);
    expect(signup.statusCode).toBe(201);
    expect(signup.json().verification).toBe('email-sent');
    const mail = smtp.received.find((message) => message.to.includes(email));
    expect(mail).toMatchObject({ from: 'no-reply@example.com' });
    expect(mail?.raw).toMatch(/^From: svc <no-reply@example\.com>/m);
    expect(mail?.raw).toMatch(/^Subject: Confirm your email address/m);
    expect(mail?.raw).toMatch(/^X-Svc-Kind: verify-email/m);
    const token = /\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(
      decodeQuotedPrintable(mail?.raw ?? ''),
    )?.[1];
    expect(token).toBeDefined();
    const verify = await app.inject({ method: 'POST', url: '/auth/verify', payload: { token } });
    expect(verify.json().user).toMatchObject({ email, emailVerified: true });
    const adminCookie = await logIn(app, ADMIN.email, ADMIN.password);
    const outbox = await app.inject({ method: 'GET', url: '/auth/outbox', headers: { cookie: adminCookie } });
    expect(outbox.statusCode).toBe(501);
  });

  it('answers 500 and removes the account when the SMTP server refuses the recipient', async () => {
    const email = `bounce-${target.name}@example.com`;
    const refused = await signUp(email);
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('smtp-secret-pw');
    const row = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('never shows the SMTP password when authentication fails', async () => {
    await destroy();
    const logLines: string[] = [];
    app = await start('wrong-password-123', logLines);
    const email = `cleo-${target.name}@example.com`;
    const response = await signUp(email);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/wrong-password-123|smtp-secret-pw/);
    const logged = logLines.join('');
    expect(logged).toContain('could not be delivered through 127.0.0.1');
    expect(logged).not.toContain('wrong-password-123');
  });
});
