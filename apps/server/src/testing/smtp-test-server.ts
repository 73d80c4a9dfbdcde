import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Test support: a real SMTP server on loopback (the smtp-server package); never imported by
// production code.

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  /** The raw message: headers, blank line, body (quoted-printable as nodemailer wrote it). */
  raw: string;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  port: number;
  /** `SMTP_URL` for the server's configuration. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the `count`th message to `to` whose `X-Svc-Kind` is `kind`, once it has arrived. */
  waitForMail(to: string, kind: string, count?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Of the messages to `to` of `kind`, in arrival order. */
export function mailsTo(received: readonly ReceivedMail[], to: string, kind: string): ReceivedMail[] {
  const header = new RegExp(`^X-Svc-Kind: ${kind}\\r?$`, 'm');
  return received.filter((mail) => mail.to.includes(to) && header.test(mail.raw));
}

/** The text of a quoted-printable body, soft line breaks joined. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first http(s) link in a received message's body, read as a person reads the mail. */
export function readLinkOf(mail: ReceivedMail): string {
  const body = decodeQuotedPrintable(mail.raw.slice(mail.raw.search(/\r?\n\r?\n/)));
  const link = /https?:\/\/\S+/.exec(body)?.[0];
  if (!link) throw new Error(`no link in the mail:\n${mail.raw}`);
  return link;
}

/**
 * Starts an SMTP server on 127.0.0.1 (any free port) that accepts every message without
 * authentication or TLS and keeps it in `received`.
 *
 * @example
 * const smtp = await startTestSmtpServer();
 * const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'svc <no-reply@example.com>' });
 * const mail = await smtp.waitForMail('ada@example.com', 'reset-password');
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail(to, kind, count = 1) {
      return new Promise((resolve) => {
        const check = () => {
          const mail = mailsTo(received, to, kind)[count - 1];
          if (!mail) return;
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
