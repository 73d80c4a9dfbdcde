import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import { HSTS_VALUE } from '../plugins/security-headers.js';
import { SERVER_TIMEOUTS } from '../plugins/server-timeouts.js';
import {
  createKey,
  FIXTURE_ENV,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { createDreamerTestServer, createMember } from '../testing/dreamer-test-helpers.js';
import { type TestDatabaseTarget, testDatabaseTargets } from '../testing/test-databases.js';
import { buildServer } from './build-server.js';

const PRODUCTION_SECRETS = {
  JWT_SECRET: 'a production jwt secret of at least 32 characters',
  SVC_APIKEY_PEPPER: 'a production api key pepper, 32 characters or more',
};

interface HardenedServer {
  app: FastifyInstance;
  database: Database;
  logs: string[];
  close(): Promise<void>;
}

/** A server like createTestServer, with its log captured and `env` / timeouts overridable. */
async function startServer(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
  timeouts: Parameters<typeof buildServer>[0]['timeouts'] = {},
  addRoutes: (app: FastifyInstance) => void = () => {},
): Promise<HardenedServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SVC_PASSWORD_COST: '12',
    LOG_LEVEL: 'info',
    ...FIXTURE_ENV,
    ...env,
  });
  const database = await target.open();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildServer({
    config,
    database,
    mailer: createMemoryMailer(),
    clock: createManualClock(Date.now()),
    logStream,
    timeouts,
  });
  addRoutes(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

describe.each(testDatabaseTargets())('security headers on $name', (target) => {
  let server: HardenedServer;
  let member: SignedInUser;
  let key: string;
  beforeAll(async () => {
    server = await startServer(target);
    member = await signUpWithRoles(server.app, `headers-${target.name}@example.com`, ['member', 'developer']);
    key = (await createKey(server.app, member, 'headers')).key;
  });
  afterAll(async () => server?.close());

  const expectBaseline = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toBeUndefined();
  };

  it('puts nosniff and the referrer policy on anonymous answers, errors included, and lets them be cached', async () => {
    for (const url of ['/healthz', '/nowhere', '/db/%c0%ae']) {
      const response = await server.app.inject({ method: 'GET', url });
      expectBaseline(response.headers);
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  it('marks every answer to a credentialed request no-store, whatever the channel or outcome', async () => {
    const answers = [
      await server.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: member.cookie } }),
      await server.app.inject({ method: 'GET', url: '/auth/me', headers: { 'x-api-key': key } }),
      await server.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${key}` },
      }),
      await server.app.inject({ method: 'GET', url: '/keys/missing', headers: { cookie: member.cookie } }),
      await server.app.inject({ method: 'GET', url: '/auth/me', headers: { 'x-api-key': 'svc_forged' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404, 401]);
    for (const answer of answers) {
      expectBaseline(answer.headers);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('marks the login answer, which sets the session cookie, no-store', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: FIXTURE_ENV.SEED_ADMIN_EMAIL, password: FIXTURE_ENV.SEED_ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('puts them on hijacked MCP replies too, which skip Fastify hooks', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'x-api-key': key,
      },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-03-26',
          capabilities: {},
          clientInfo: { name: 'probe', version: '1' },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expectBaseline(response.headers);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe.each(testDatabaseTargets())('security headers on the event stream on $name', (target) => {
  it('puts them on the hijacked SSE reply of an ideation run', async () => {
    const server = await createDreamerTestServer(target);
    try {
      const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
      const member = await createMember(server.app, server.adminCookie, 'PRO');
      const response = await fetch(`${base}/api/dreamer/run/stream`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ topic: 'urban beekeeping' }),
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
      await response.text();
    } finally {
      await server.close();
    }
  });
});

describe('security headers in production', () => {
  it('add HSTS to every answer', async () => {
    const target = testDatabaseTargets()[0] as TestDatabaseTarget;
    const server = await startServer(target, {
      NODE_ENV: 'production',
      ...PRODUCTION_SECRETS,
      SVC_PASSWORD_COST: '17',
      AUTH_AUTO_VERIFY: 'false',
    });
    try {
      for (const url of ['/healthz', '/nowhere', '/db/%c0%ae']) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBe(HSTS_VALUE);
      }
    } finally {
      await server.close();
    }
  });
});

describe('secrets in query strings', () => {
  it.each([
    'apiKey',
    'APIKEY',
    'api_key',
    'api-key',
    'access_token',
    'Access_Token',
    'key',
    'token',
    'password',
    'client_secret',
    'refreshToken',
    'ap%69Key',
  ])('never reach the request log as ?%s=', async (name) => {
    const target = testDatabaseTargets()[0] as TestDatabaseTarget;
    const server = await startServer(target);
    try {
      const secret = `s3cr3t-${name.length}-value`;
      await server.app.inject({ method: 'GET', url: `/nowhere?limit=5&${name}=${secret}&page=2` });
      await server.app.inject({ method: 'GET', url: `/db/%c0%ae?${name}=${secret}` });
      const written = server.logs.join('\n');
      expect(written).toContain(`${name}=[redacted]`);
      expect(written).toContain('limit=5');
      expect(written).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});

describe.each(testDatabaseTargets())('readiness when the database file goes away, on $name', (target) => {
  it('answers 503 once the SQLite file is deleted or replaced under the running server', async () => {
    const server = await startServer(target);
    try {
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      if (target.name !== 'sqlite') {
        expect(server.database.isFileIntact).toBeUndefined();
        return;
      }
      const file = server.database.location;
      // Replaced: a new file at the same path (a restore copied over a running server).
      renameSync(file, `${file}.moved`);
      writeFileSync(file, '');
      const replaced = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(replaced.statusCode).toBe(503);
      expect(replaced.json()).toEqual({
        error: {
          code: 'SERVER_NOT_READY',
          message: 'The database file was deleted or replaced; restart the server.',
        },
      });
      // Deleted outright.
      rmSync(file);
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      renameSync(`${file}.moved`, file);
    } finally {
      await server.close();
    }
  });
});

describe('timeouts', () => {
  it('are set deliberately on the listening server', async () => {
    const target = testDatabaseTargets()[0] as TestDatabaseTarget;
    const server = await startServer(target);
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const http = server.app.server;
      expect({
        requestTimeout: http.requestTimeout,
        headersTimeout: http.headersTimeout,
        keepAliveTimeout: http.keepAliveTimeout,
        connectionTimeout: http.timeout,
      }).toEqual({
        requestTimeout: SERVER_TIMEOUTS.requestTimeout,
        headersTimeout: SERVER_TIMEOUTS.headersTimeout,
        keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeout,
        connectionTimeout: SERVER_TIMEOUTS.connectionTimeout,
      });
    } finally {
      await server.close();
    }
  });

  it('answer a client that never finishes its headers 408 in the one error shape', async () => {
    const target = testDatabaseTargets()[0] as TestDatabaseTarget;
    const server = await startServer(
      target,
      {},
      {
        headersTimeout: 300,
        requestTimeout: 300,
        connectionsCheckingInterval: 50,
      },
    );
    try {
      const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(address).port), '127.0.0.1', () => {
          // A slow-loris client: the request line and one header, then silence.
          socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
        });
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          received += chunk;
        });
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      expect(raw.startsWith('HTTP/1.1 408 ')).toBe(true);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        error: { code: 'SERVER_REQUEST_TIMEOUT', message: expect.any(String) },
      });
    } finally {
      await server.close();
    }
  });

  it('close a connection that sends nothing after the headers timeout', async () => {
    const target = testDatabaseTargets()[0] as TestDatabaseTarget;
    const server = await startServer(target, {}, { headersTimeout: 300, connectionsCheckingInterval: 50 });
    try {
      const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(address).port);
      const silent = await openSocket(port);
      const talking = await openSocket(port);
      // The second one starts a request and stops: Node answers it 408, as before.
      talking.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
      // Before the fix the silent one lived for the 10-minute socket timeout: wait far longer than
      // the 300 ms headers timeout, but stop waiting well before that.
      const outcome = await Promise.race([
        silent.closed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000)),
      ]);
      expect(outcome).toBe('closed');
      expect(silent.received()).toBe('');
      await talking.closed;
      expect(talking.received().startsWith('HTTP/1.1 408 ')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['streamed (the writer waits for drain)', '/big/stream'],
    ['sent in one piece (the end written, not taken)', '/big/whole'],
  ])(
    'cut a response %s to a client that reads nothing, after the stall timeout',
    async (_name, path) => {
      const target = testDatabaseTargets()[0] as TestDatabaseTarget;
      // 48 MB: more than loopback's socket buffers hold on both sides.
      const size = 48 * 1024 * 1024;
      const server = await startServer(target, {}, { stalledResponseTimeout: 500 }, (app) => {
        app.get('/big/stream', (_request, reply) => {
          let sent = 0;
          const chunks = new Readable({
            read() {
              sent += 65_536;
              this.push(sent > size ? null : Buffer.alloc(65_536, 120));
            },
          });
          return reply.type('application/octet-stream').send(chunks);
        });
        app.get('/big/whole', (_request, reply) =>
          reply.type('application/octet-stream').send(Buffer.alloc(size, 120)),
        );
      });
      try {
        const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
        const closed = new Promise<void>((resolve) =>
          server.app.server.once('request', (_request, response: ServerResponse) =>
            response.once('close', resolve),
          ),
        );
        const reader = await openSocket(Number(new URL(address).port));
        reader.socket.pause();
        reader.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        // Before the change only the 10-minute socket timeout ended it.
        const outcome = await Promise.race([
          closed.then(() => 'cut'),
          new Promise((resolve) => setTimeout(() => resolve('still held'), 30_000)),
        ]);
        expect(outcome).toBe('cut');
        await waitFor(() => server.logs.some((line) => line.includes('response cut')));
        reader.socket.destroy();
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it('let close() finish at once beside connections that never made a request', async () => {
    const target = testDatabaseTargets()[0] as TestDatabaseTarget;
    // Default timeouts: only shutdown itself can end these sockets within the test.
    const server = await startServer(target);
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(address).port);
    const silent = await Promise.all([openSocket(port), openSocket(port)]);
    // A keep-alive connection that made one request and stays idle.
    const kept = await openSocket(port);
    kept.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await waitFor(() => kept.received().includes('\r\n\r\n'));
    const closing = server.close().then(() => 'closed');
    const outcome = await Promise.race([
      closing,
      new Promise((resolve) => setTimeout(() => resolve('still closing'), 10_000)),
    ]);
    expect(outcome).toBe('closed');
    await Promise.all([...silent.map((entry) => entry.closed), kept.closed]);
    expect(kept.received().startsWith('HTTP/1.1 200 ')).toBe(true);
  });
});

interface OpenSocket {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
}

/** A raw TCP connection to the server, with what it received and when it closed. */
async function openSocket(port: number): Promise<OpenSocket> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
