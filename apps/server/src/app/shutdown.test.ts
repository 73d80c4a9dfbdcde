import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, loadConfig } from '../config/server-config.js';
import { createPostgresSchema, startServerProcess as startServer } from '../testing/server-process.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { buildServer } from './build-server.js';

const PASSWORD = 'a very long test password 42';

describe.each(testDatabaseTargets())('graceful shutdown of dist/start.js on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
  let postgres: Awaited<ReturnType<typeof createPostgresSchema>> | undefined;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });

  it('finishes in-flight requests after SIGTERM, exits 0 and leaves the database closed cleanly', async () => {
    const env: Record<string, string> = {
      PORT: '0',
      SVC_DATA_DIR: dataDir,
      SVC_PASSWORD_COST: '16',
      LOG_LEVEL: 'info',
    };
    if (target.name === 'postgres') {
      postgres = await createPostgresSchema(process.env.TEST_DATABASE_URL as string);
      env.DATABASE_URL = postgres.databaseUrl;
    }
    const server = startServer(env);
    const listening = await server.waitFor((line) => typeof line.address === 'string', 'listening');
    const base = listening.address as string;
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', database: target.name });

    // Sign-ups hash a password with scrypt (cost 16), so they are still running when SIGTERM lands.
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    const inFlight = emails.map((email) =>
      fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
    const isSignup = (line: Record<string, unknown>) =>
      line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === '/auth/signup';
    await server.waitFor(
      (line) => server.lines.filter(isSignup).length === emails.length && isSignup(line),
      'three sign-ups arrived',
    );
    server.child.kill('SIGTERM');

    const responses = await Promise.all(inFlight);
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(await server.exited).toBe(0);
    const shutdownAt = server.lines.findIndex((line) => line.msg === 'shutting down');
    const completedAfter = server.lines.slice(shutdownAt).filter((line) => line.msg === 'request completed');
    expect(shutdownAt).toBeGreaterThan(0);
    expect(completedAfter.length).toBeGreaterThan(0);

    if (target.name === 'sqlite') {
      // Closing the last connection checkpoints the WAL into the main file and deletes it.
      expect(existsSync(join(dataDir, 'svc.db-wal'))).toBe(false);
      const file = new SQLite(join(dataDir, 'svc.db'), { readonly: true });
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const emailsStored = file.prepare('select email from users order by email').pluck().all();
      file.close();
      expect(emailsStored).toEqual([...emails].sort());
    }
  });
});

describe('dist/start.js refuses a bad production configuration', () => {
  it('exits 1 with every problem on stderr before opening anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-refused-'));
    try {
      const server = startServer({
        NODE_ENV: 'production',
        JWT_SECRET: DEV_JWT_SECRET,
        AUTH_AUTO_VERIFY: 'true',
        SVC_DATA_DIR: dataDir,
      });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toBe(
        [
          'Invalid server configuration:',
          '  - AUTH_AUTO_VERIFY cannot be enabled in production.',
          '  - JWT_SECRET is the development default; set a real secret in production.',
          '  - SVC_APIKEY_PEPPER is required in production (at least 32 characters).',
          '',
        ].join('\n'),
      );
      expect(existsSync(join(dataDir, 'svc.db'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A raw HTTP/1.1 connection: what a keep-alive client has open when shutdown starts. */
function openConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, closed, received: () => received };
}

describe.each(testDatabaseTargets())('draining on $name', (target) => {
  it('finishes the in-flight request, answers /readyz with 503 SERVER_NOT_READY and closes every connection', async () => {
    const database = await target.open();
    const app = await buildServer({
      config: loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12' }),
      database,
    });
    const signal = () => {
      let resolve: () => void = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    };
    const slowArrived = signal();
    const slowReleased = signal();
    const closeStarted = signal();
    app.get('/test/slow', async () => {
      slowArrived.resolve();
      await slowReleased.promise;
      return { slow: 'done' };
    });
    app.addHook('preClose', async () => closeStarted.resolve());
    const port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
    try {
      const host = `Host: 127.0.0.1:${port}\r\n`;
      // A: a request in flight. B: a probe whose request has started but not ended, so the
      // connection is busy (not idle) when close() begins and its request is read during the drain.
      const busy = openConnection(port);
      busy.socket.write(`GET /test/slow HTTP/1.1\r\n${host}\r\n`);
      await slowArrived.promise;
      const probe = openConnection(port);
      probe.socket.write(`GET /readyz HTTP/1.1\r\n${host}`);
      await new Promise((resolve) => setTimeout(resolve, 50));

      const closing = app.close();
      await closeStarted.promise;
      await new Promise((resolve) => setImmediate(resolve));
      probe.socket.write('\r\n');
      await probe.closed;
      expect(probe.received()).toMatch(/^HTTP\/1\.1 503 /);
      expect(probe.received()).toMatch(/\r\nconnection: close\r\n/i);
      expect(probe.received()).toContain(
        '{"error":{"code":"SERVER_NOT_READY","message":"The server is shutting down."}}',
      );

      slowReleased.resolve();
      await busy.closed;
      await closing;
      expect(busy.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(busy.received()).toMatch(/\r\nconnection: close\r\n/i);
      expect(busy.received()).toContain('{"slow":"done"}');
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
