import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, loadConfig } from '../config/server-config.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { buildServer } from './build-server.js';

const START = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
const PASSWORD = 'a very long test password 42';

/** A spawned `node dist/start.js` with its log lines parsed as they arrive. */
interface RunningServer {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves with the first log line matching `predicate`. */
  waitFor(
    predicate: (line: Record<string, unknown>) => boolean,
    what: string,
  ): Promise<Record<string, unknown>>;
}

function startServer(env: Record<string, string>): RunningServer {
  if (!existsSync(START))
    throw new Error(`${START} is missing: build the server first (turbo run build --filter=@svc/server...).`);
  const child = spawn(process.execPath, [START], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    predicate: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }> = [];
  let pending = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete.filter(Boolean)) {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.predicate(line))) waiter.resolve(line);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitFor(predicate, what) {
      const seen = lines.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        void exited.then((code) =>
          reject(new Error(`server exited (${code}) before ${what}; stderr: ${stderr}`)),
        );
      });
    },
  };
}

/** PostgreSQL targets get a schema of their own through the connection string's `options`. */
async function createPostgresSchema(url: string): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const separator = url.includes('?') ? '&' : '?';
  return {
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

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
